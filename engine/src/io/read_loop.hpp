#pragma once
// The loop around read() and pread(): they may return fewer bytes than asked, or fail with EINTR
// when a signal arrives, so a caller that needs `need` bytes calls again until it has them or
// the file ends. An error names the file and the OS reason.
#include <sys/types.h>

#include <cerrno>
#include <cstddef>
#include <string>

#include "sfp/failure.hpp"

namespace sfp {

// read_once(got) is one read() or pread() into the buffer past the `got` bytes already there;
// inline (a lambda), it costs what the hand-written loop did. Returns the bytes read.
template <class ReadOnce>
std::size_t read_at_least(std::size_t need, const std::string& path, ReadOnce&& read_once) {
    std::size_t got = 0;
    while (got < need) {
        const ssize_t r = read_once(got);
        if (r < 0) {
            if (errno == EINTR) continue;
            fail_errno("cannot read", path, errno);
        }
        if (r == 0) break;
        got += std::size_t(r);
    }
    return got;
}

}  // namespace sfp
