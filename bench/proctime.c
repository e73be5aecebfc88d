/* proctime: runs a command as a whole process and prints, on standard error after the child's own
 * output, one line "proctime WALL_S CPU_S": the wall time around fork, exec and wait
 * (CLOCK_MONOTONIC, nothing else inside) and the child's CPU time from wait4's rusage, user +
 * system, which the kernel scales to the exact runtime of all its threads and reaped children.
 * The bench scripts time sfpbench with it exactly as they time its peers (cp, cmp, wc, cat): the
 * process as a user meets it, start-up and teardown included.
 * Usage: proctime COMMAND [ARGS...]; exits with the child's status (128 + N after signal N). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timespec t) { return (double)t.tv_sec + (double)t.tv_nsec / 1e9; }
static double tv_seconds(struct timeval t) { return (double)t.tv_sec + (double)t.tv_usec / 1e6; }

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: proctime COMMAND [ARGS...]\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const pid_t pid = fork();
    if (pid < 0) {
        perror("proctime: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid) {
        perror("proctime: wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    fprintf(stderr, "proctime %.6f %.6f\n", seconds(t1) - seconds(t0),
            tv_seconds(ru.ru_utime) + tv_seconds(ru.ru_stime));
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
