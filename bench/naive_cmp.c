/* The obvious compare a user would write, the peer sfpbench compare must keep up with (issue 38):
 * map both files, memcmp one half of the common part on each of two threads, print the first
 * differing byte, and let exit tear the mappings down. Written apart from sfpbench, for bench/.
 * usage: naive_cmp A B -- exit 0 identical, 1 different (the first difference on stdout as
 * `cmp -l` numbers it, or "EOF on the shorter file"), 2 trouble. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

struct half {
    const unsigned char *a, *b;
    size_t begin, end, first; /* first: the first differing offset in [begin, end), or end */
};

static void *compare_half(void *arg) {
    struct half *h = arg;
    h->first = h->end;
    if (memcmp(h->a + h->begin, h->b + h->begin, h->end - h->begin) == 0) return NULL;
    for (size_t i = h->begin; i < h->end; ++i) /* only in the block memcmp saw differ: rare */
        if (h->a[i] != h->b[i]) return h->first = i, NULL;
    return NULL;
}

static const unsigned char *map(const char *path, size_t *size) {
    struct stat st;
    const int fd = open(path, O_RDONLY);
    if (fd < 0 || fstat(fd, &st) != 0) return perror(path), NULL;
    *size = (size_t)st.st_size;
    if (*size == 0) return (const unsigned char *)"";
    void *m = mmap(NULL, *size, PROT_READ, MAP_SHARED, fd, 0);
    return m == MAP_FAILED ? (perror(path), NULL) : m;
}

int main(int argc, char **argv) {
    size_t size_a, size_b;
    if (argc != 3) return fprintf(stderr, "usage: naive_cmp A B\n"), 2;
    const unsigned char *a = map(argv[1], &size_a), *b = map(argv[2], &size_b);
    if (!a || !b) return 2;
    const size_t common = size_a < size_b ? size_a : size_b;
    struct half halves[2] = {{a, b, 0, common / 2, 0}, {a, b, common / 2, common, 0}};
    pthread_t second;
    if (pthread_create(&second, NULL, compare_half, &halves[1]) != 0) return 2;
    compare_half(&halves[0]);
    pthread_join(second, NULL);
    const size_t first = halves[0].first < halves[0].end ? halves[0].first : halves[1].first;
    if (first < common) return printf("%zu %o %o\n", first + 1, a[first], b[first]), 1;
    if (size_a != size_b) return printf("EOF on the shorter file after byte %zu\n", common), 1;
    return 0;
}
