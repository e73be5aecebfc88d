#include "io/mapping.hpp"

#include <sys/mman.h>

#include <cerrno>

#include "io/file.hpp"
#include "sfp/failure.hpp"

namespace sfp {

Mapping::Mapping(const File& file, std::size_t length, Advice advice) : size_(length) {
    if (length == 0) return;
    void* p = mmap(nullptr, length, PROT_READ, MAP_SHARED, file.fd(), 0);
    if (p == MAP_FAILED) fail_errno("cannot map", file.path(), errno);
    data_ = static_cast<const std::uint8_t*>(p);
    if (advice == Advice::sequential) madvise(p, length, MADV_SEQUENTIAL);
}

Mapping::~Mapping() {
    if (data_) munmap(const_cast<std::uint8_t*>(data_), size_);
}

}  // namespace sfp
