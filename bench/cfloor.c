/* The C floor of issue 14 (bench/realistic.sh): a program that only reads
 * the fix lines of a scenario and prints for each the line locsim writes when
 * the fix is delivered,
 *
 *     3.000 delegate locationManager(_:didUpdateLocations:) 35.681211,139.767117 ±27
 *
 * with the same rounding (half away from zero, as LogBytes does). No rules,
 * no other line kinds: what any replay must at least do for such a trace.
 * Plain stdio (getline, strtod, printf), as a straightforward C program
 * would be written. Usage: cfloor SCENARIO > LOG
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Seconds with up to three decimals ("12", "12.5", "12.500") as milliseconds. */
static long long millis(const char *s, char **end) {
    long long whole = strtoll(s, end, 10), frac = 0;
    int digits = 0;
    if (**end == '.') {
        const char *p = *end + 1;
        while (*p >= '0' && *p <= '9' && digits < 3) { frac = frac * 10 + (*p - '0'); p++; digits++; }
        while (*p >= '0' && *p <= '9') p++;
        *end = (char *)p;
    }
    while (digits++ < 3) frac *= 10;
    return whole * 1000 + frac;
}

static void degrees(double d) {
    long long micro = llround(d * 1e6);
    if (micro < 0) { putchar('-'); micro = -micro; }
    printf("%lld.%06lld", micro / 1000000, micro % 1000000);
}

int main(int argc, char **argv) {
    FILE *in = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!in) { perror(argv[1]); return 2; }
    static char out[1 << 16];
    setvbuf(stdout, out, _IOFBF, sizeof out);
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, in) > 0) {
        if (line[0] < '0' || line[0] > '9') continue;
        char *p;
        long long t = millis(line, &p);
        if (strncmp(p, " fix ", 5) != 0) continue;
        double lat = strtod(p + 5, &p);
        double lon = strtod(p, &p);
        double acc = strtod(p, &p);
        printf("%lld.%03lld delegate locationManager(_:didUpdateLocations:) ", t / 1000, t % 1000);
        degrees(lat);
        putchar(',');
        degrees(lon);
        printf(" \xc2\xb1%lld\n", llround(acc));
    }
    free(line);
    return 0;
}
