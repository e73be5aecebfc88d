/* The floor of any cipher that writes its output through the page cache: the output alone, written
 * as a new file from a buffer already in memory -- no input read, nothing transformed. A file takes
 * its buffered writes one at a time (its inode lock), so one thread is as fast as several here.
 * Space is reserved first, as sfpbench cipher does. Written apart from sfpbench, for bench/cipher.sh.
 * usage: writefloor OUT BYTES BLOCK -- exit 0 written, 2 trouble (with the reason on stderr). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 4) return fprintf(stderr, "usage: writefloor OUT BYTES BLOCK\n"), 2;
    const size_t total = strtoull(argv[2], NULL, 10), block = strtoull(argv[3], NULL, 10);
    unsigned char *buf = block ? aligned_alloc(4096, (block + 4095) / 4096 * 4096) : NULL;
    if (!buf) return fprintf(stderr, "writefloor: no buffer of %zu bytes\n", block), 2;
    memset(buf, 0x5a, block);
    const int fd = open(argv[1], O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) return perror(argv[1]), 2;
    if (total && posix_fallocate(fd, 0, (off_t)total) != 0) return fprintf(stderr, "writefloor: no space\n"), 2;
    for (size_t off = 0; off < total;) {
        const size_t want = total - off < block ? total - off : block;
        const ssize_t n = pwrite(fd, buf, want, (off_t)off);
        if (n <= 0) return perror(argv[1]), 2;
        off += (size_t)n;
    }
    return close(fd) == 0 ? 0 : (perror(argv[1]), 2);
}
