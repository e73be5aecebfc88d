/* An independent memory read bandwidth measurement for bench/limits.sh, written apart from
 * sfpbench's own (engine/src/limits/) so that a mistake in one does not hide in the other.
 * usage: membw BYTES THREADS REPETITIONS -- prints the median GB/s (1e9 bytes per second)
 * of REPETITIONS passes in which THREADS threads each read their share of a BYTES buffer. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

struct part {
    const uint64_t *from;
    size_t words;
    uint64_t sum;
    pthread_barrier_t *start;
};

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void *reader(void *arg) {
    struct part *p = arg;
    /* Eight accumulators in registers: the loads, not the arithmetic, set the pace. Each turn
     * asks for the line 64 lines ahead (__builtin_prefetch): some machines' hardware prefetchers
     * leave one reader at two thirds of what it can read (8.5 against 11.3 GB/s, Xeon VM). */
    const uint64_t *w = p->from;
    uint64_t a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0;
    pthread_barrier_wait(p->start);
    size_t i = 0;
    for (; i + 8 <= p->words; i += 8) {
        __builtin_prefetch(w + i + 512);
        a ^= w[i], b ^= w[i + 1], c ^= w[i + 2], d ^= w[i + 3];
        e ^= w[i + 4], f ^= w[i + 5], g ^= w[i + 6], h ^= w[i + 7];
    }
    for (; i < p->words; ++i) a ^= w[i];
    p->sum = a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
    return NULL;
}

static int by_value(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: membw BYTES THREADS REPETITIONS\n");
        return 2;
    }
    const size_t bytes = strtoull(argv[1], NULL, 10) / 64 * 64;
    const int threads = atoi(argv[2]), reps = atoi(argv[3]);
    if (bytes == 0 || threads < 1 || reps < 1) return 2;
    uint64_t *buf = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (buf == MAP_FAILED) return perror("mmap"), 1;
    madvise(buf, bytes, MADV_HUGEPAGE);
    for (size_t i = 0; i < bytes / 8; ++i) buf[i] = i * 0x9E3779B97F4A7C15ull;
    double *gbs = calloc((size_t)reps, sizeof *gbs);
    struct part *parts = calloc((size_t)threads, sizeof *parts);
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    uint64_t keep = 0;
    for (int r = 0; r < reps; ++r) {
        pthread_barrier_t start;
        pthread_barrier_init(&start, NULL, (unsigned)threads + 1);
        const size_t words = bytes / 8, share = words / (size_t)threads;
        for (int t = 0; t < threads; ++t) {
            parts[t] =
                (struct part){buf + share * (size_t)t, t == threads - 1 ? words - share * (size_t)t : share, 0, &start};
            pthread_create(&ids[t], NULL, reader, &parts[t]);
        }
        pthread_barrier_wait(&start);
        const double t0 = now();
        for (int t = 0; t < threads; ++t) pthread_join(ids[t], NULL), keep ^= parts[t].sum;
        gbs[r] = (double)bytes / (now() - t0) / 1e9;
        pthread_barrier_destroy(&start);
    }
    qsort(gbs, (size_t)reps, sizeof *gbs, by_value);
    const double median = reps % 2 ? gbs[reps / 2] : (gbs[reps / 2 - 1] + gbs[reps / 2]) / 2;
    printf("%.2f\n", median);
    fprintf(stderr, "membw: %zu bytes, %d thread(s), %d repetitions, checksum %llx\n", bytes, threads, reps,
            (unsigned long long)keep);
    return 0;
}
