/* How fast two cached files can be read through memory mappings, nothing compared: the ceiling of
 * any compare that maps them, in whatever folios the page cache holds them (the kernel maps and
 * unmaps each folio; large ones cost less). Written apart from sfpbench, for bench/compare.sh.
 * usage: mapscan FILE_A FILE_B THREADS PASSES -- prints the GB/s (1e9 bytes of both files per
 * second) of the fastest of PASSES passes, being a ceiling: in each, both files are mapped, each
 * thread reads its share of both side by side and unmaps it, as mmap-mt does; the clock runs from
 * the first mmap to the last unmap. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct share {
    const uint8_t *a, *b;
    size_t bytes;
    uint64_t sum;
};

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void *reader(void *arg) {
    struct share *s = arg;
    /* As bench/membw.c: eight accumulators in registers and the lines 64 ahead asked for, so the
     * loads (and the faults) set the pace. */
    const uint64_t *x = (const uint64_t *)s->a, *y = (const uint64_t *)s->b;
    const size_t words = s->bytes / 8;
    uint64_t c[8] = {0};
    size_t i = 0;
    for (; i + 8 <= words; i += 8) {
        __builtin_prefetch(x + i + 512);
        __builtin_prefetch(y + i + 512);
        for (int k = 0; k < 8; ++k) c[k] ^= x[i + k] ^ y[i + k];
    }
    for (size_t k = i * 8; k < s->bytes; ++k) c[0] ^= (uint64_t)(s->a[k] ^ s->b[k]);
    s->sum = c[0] ^ c[1] ^ c[2] ^ c[3] ^ c[4] ^ c[5] ^ c[6] ^ c[7];
    munmap((void *)s->a, s->bytes);
    munmap((void *)s->b, s->bytes);
    return NULL;
}

static const uint8_t *map(const char *path, size_t *size) {
    const int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) return perror(path), NULL;
    *size = (size_t)st.st_size;
    void *m = *size ? mmap(NULL, *size, PROT_READ, MAP_SHARED, fd, 0) : MAP_FAILED;
    close(fd);
    return m == MAP_FAILED ? (perror(path), NULL) : m;
}

/* One pass over both files; its GB/s, or 0 when they cannot be mapped. */
static double pass(const char *path_a, const char *path_b, int threads, uint64_t *keep) {
    const long page = sysconf(_SC_PAGESIZE);
    const double t0 = now();
    size_t na = 0, nb = 0;
    const uint8_t *a = map(path_a, &na), *b = map(path_b, &nb);
    if (!a || !b || na != nb) return 0;
    struct share *shares = calloc((size_t)threads, sizeof *shares);
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    const size_t each = na / (size_t)threads / (size_t)page * (size_t)page; /* unmapped by whole pages */
    for (int k = 0; k < threads; ++k) {
        const size_t from = each * (size_t)k;
        shares[k] = (struct share){a + from, b + from, k == threads - 1 ? na - from : each, 0};
        pthread_create(&ids[k], NULL, reader, &shares[k]);
    }
    for (int k = 0; k < threads; ++k) pthread_join(ids[k], NULL), *keep ^= shares[k].sum;
    const double gbs = 2.0 * (double)na / (now() - t0) / 1e9;
    free(shares), free(ids);
    return gbs;
}

int main(int argc, char **argv) {
    if (argc != 5 || atoi(argv[3]) < 1 || atoi(argv[4]) < 1) {
        fprintf(stderr, "usage: mapscan FILE_A FILE_B THREADS PASSES\n");
        return 2;
    }
    const int threads = atoi(argv[3]), passes = atoi(argv[4]);
    uint64_t keep = 0;
    double best = 0;
    for (int p = 0; p < passes; ++p) {
        const double gbs = pass(argv[1], argv[2], threads, &keep);
        if (gbs == 0) return fprintf(stderr, "mapscan: two files of one size, not empty\n"), 2;
        if (gbs > best) best = gbs;
    }
    printf("%.2f\n", best);
    fprintf(stderr, "mapscan: %d thread(s), best of %d passes, checksum %llx\n", threads, passes,
            (unsigned long long)keep);
    return 0;
}
