/* timeit RUNS CMD1 ::: CMD2 ::: ... — runs every command RUNS times, all of
 * them in turn each round (after one warm-up round), each by fork and execvp
 * with stdout and stderr on /dev/null, and prints each command's median wall
 * time in milliseconds, one a line, in the order given. Used by bench/jobs.sh
 * and bench/run.sh: no shell runs between the timed processes, and a burst of
 * load on a shared machine falls on every command of a round alike. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: timeit RUNS CMD [ARGS] [::: CMD [ARGS]]...\n"); return 2; }
    int runs = atoi(argv[1]), n = 0;
    if (runs < 1) { fprintf(stderr, "timeit: RUNS must be a positive number\n"); return 2; }
    char **cmds[64];
    cmds[n++] = argv + 2;
    for (int i = 2; i < argc; i++) if (!strcmp(argv[i], ":::")) { argv[i] = NULL; if (n < 64) cmds[n++] = argv + i + 1; }
    double *t = calloc((size_t)n * (runs + 1), sizeof *t);
    int null = open("/dev/null", O_WRONLY);
    for (int r = 0; r <= runs; r++)
        for (int c = 0; c < n; c++) {
            double a = now();
            pid_t p = fork();
            if (p < 0) { perror("timeit: fork"); return 2; }
            if (p == 0) { dup2(null, 1); dup2(null, 2); execvp(cmds[c][0], cmds[c]); _exit(127); }
            int status; waitpid(p, &status, 0);
            if (r > 0) t[c * runs + r - 1] = now() - a;
        }
    for (int c = 0; c < n; c++) { qsort(t + c * runs, runs, sizeof *t, cmp); printf("%.3f\n", t[c * runs + runs / 2]); }
    return 0;
}
