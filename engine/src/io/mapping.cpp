#include "io/mapping.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "io/file.hpp"
#include "sfp/failure.hpp"

namespace sfp {

std::size_t page_size() noexcept {
    static const std::size_t size = [] {
        const long p = sysconf(_SC_PAGESIZE);
        return p > 0 ? std::size_t(p) : std::size_t(4096);
    }();
    return size;
}

Mapping::Mapping(int fd, const std::string& path, std::uint64_t offset, std::size_t length, Access access) {
    if (length == 0) return;
    const int prot = access == Access::write ? PROT_READ | PROT_WRITE : PROT_READ;
    void* p = mmap(nullptr, length, prot, MAP_SHARED, fd, off_t(offset));
    if (p == MAP_FAILED) fail_errno("cannot map", path, errno);
    data_ = static_cast<std::uint8_t*>(p);
    size_ = length;
}

Mapping::Mapping(const File& file, std::size_t length) : Mapping(file.fd(), file.path(), 0, length, Access::read) {}

Mapping::Mapping(Mapping&& o) noexcept : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}

Mapping& Mapping::operator=(Mapping&& o) noexcept {
    if (this != &o) {
        if (data_) munmap(data_, size_);
        data_ = std::exchange(o.data_, nullptr);
        size_ = std::exchange(o.size_, 0);
    }
    return *this;
}

Mapping::~Mapping() {
    if (data_) munmap(data_, size_);
}

void Mapping::advise_sequential() const noexcept {
    if (data_) madvise(data_, size_, MADV_SEQUENTIAL);
}

void Mapping::release(std::uint64_t offset, std::uint64_t length) const noexcept {
    if (!data_ || offset >= size_) return;
    const std::uint64_t begin = offset / page_size() * page_size();
    const std::uint64_t end = std::min<std::uint64_t>(size_, offset + length);
    madvise(data_ + begin, std::size_t(end - begin), MADV_DONTNEED);  // the kernel rounds the end up to a page
}

void Mapping::sync(const std::string& path) const {
    if (data_ && msync(data_, size_, MS_SYNC) != 0) fail_errno("cannot flush", path, errno);
}

}  // namespace sfp
