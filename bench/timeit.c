#define _DEFAULT_SOURCE
/* timeit: run a command N times (stdout/stderr to /dev/null) and print the
 * median and minimum wall time in milliseconds, and the peak RSS in KiB.
 * Usage: timeit N CMD [ARGS...] */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: timeit N CMD [ARGS...]\n");
        return 2;
    }
    int n = atoi(argv[1]);
    if (n < 1) n = 1;
    double *t = calloc((size_t)n, sizeof *t);
    long maxrss = 0;
    for (int i = 0; i < n; i++) {
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        pid_t pid = fork();
        if (pid == 0) {
            int fd = open("/dev/null", O_WRONLY);
            dup2(fd, 1);
            dup2(fd, 2);
            execvp(argv[2], argv + 2);
            _exit(127);
        }
        int status;
        struct rusage ru;
        wait4(pid, &status, 0, &ru);
        clock_gettime(CLOCK_MONOTONIC, &b);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
            fprintf(stderr, "timeit: cannot run %s\n", argv[2]);
            return 2;
        }
        if (ru.ru_maxrss > maxrss) maxrss = ru.ru_maxrss;
        t[i] = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
    }
    qsort(t, (size_t)n, sizeof *t, cmp);
    printf("%.3f %.3f %ld\n", t[n / 2], t[0], maxrss);
    free(t);
    return 0;
}
