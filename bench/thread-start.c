/* How long a new thread waits to run while its creator keeps working, and
 * what binding it to another processor changes (issue 31 item 9;
 * ParallelMap.Placement). Usage:
 *
 *   cc -O2 -pthread -o thread-start bench/thread-start.c && ./thread-start
 *
 * Each round starts a thread of 3 ms of work beside 3 ms of the creator's,
 * three ways, and prints when the thread first ran and when both were done
 * (µs after pthread_create). On two idle processors both should be done in
 * a little over 3 ms; on Linux a thread started plainly may wait on its
 * creator's processor until load balancing moves it, up to a tick later. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void spin(double us) {
    double t = now();
    volatile long x = 0;
    while (now() - t < us) x++;
}

static double first_ran;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ran = PTHREAD_COND_INITIALIZER;
static int has_run;

static void *thread(void *unused) {
    (void)unused;
    first_ran = now();
    pthread_mutex_lock(&lock);
    has_run = 1;
    pthread_cond_signal(&ran);
    pthread_mutex_unlock(&lock);
    spin(3000);
    return NULL;
}

enum way { plain, creator_waits, bound };
static const char *names[] = {"plain, creator working", "creator waits for it to run", "bound to another processor"};

int main(void) {
    for (int way = plain; way <= bound; way++) {
        printf("%s:\n", names[way]);
        for (int round = 0; round < 8; round++) {
            usleep(50000);
            has_run = 0;
            pthread_attr_t attributes;
            pthread_attr_init(&attributes);
            if (way == bound) {
                cpu_set_t others, all;
                CPU_ZERO(&others);
                sched_getaffinity(0, sizeof all, &all);
                int mine = sched_getcpu();
                for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
                    if (CPU_ISSET(cpu, &all) && cpu != mine) { CPU_SET(cpu, &others); break; }
                if (CPU_COUNT(&others) > 0) pthread_attr_setaffinity_np(&attributes, sizeof others, &others);
            }
            double start = now();
            pthread_t t;
            pthread_create(&t, &attributes, thread, NULL);
            if (way == creator_waits) {
                pthread_mutex_lock(&lock);
                while (!has_run) pthread_cond_wait(&ran, &lock);
                pthread_mutex_unlock(&lock);
            }
            spin(3000);
            pthread_join(t, NULL);
            printf("  thread first ran %5.0f µs, both done %5.0f µs\n", first_ran - start, now() - start);
            pthread_attr_destroy(&attributes);
        }
    }
    return 0;
}
