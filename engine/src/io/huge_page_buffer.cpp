#include "io/huge_page_buffer.hpp"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "sfp/failure.hpp"

namespace sfp {

namespace {
constexpr std::uint64_t kHugePage = 2 << 20;
}

HugePageBuffer::HugePageBuffer(std::uint64_t bytes)
    : size_(bytes), mapped_((bytes + kHugePage - 1) / kHugePage * kHugePage) {
    if (mapped_ == 0) return;
    void* p = ::mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        fail("cannot allocate " + std::to_string(bytes) + " bytes of memory: " + std::string(std::strerror(errno)));
    data_ = static_cast<std::uint8_t*>(p);
    ::madvise(p, mapped_, MADV_HUGEPAGE);  // a hint: without it only slower
}

HugePageBuffer::~HugePageBuffer() {
    if (data_) ::munmap(data_, mapped_);
}

}  // namespace sfp
