#pragma once
// Anonymous memory with transparent huge pages advised, mapped in whole 2 MiB pages (smaller, the
// kernel gives none). Where a device writes into it with O_DIRECT this matters: a request into 4 KiB
// pages is a list of pieces, one per page, and this VM's virtual disk served 1 MiB requests into
// them at half the rate (docs/limits.md); a memory read wants bandwidth, not TLB misses.
#include <cstdint>

namespace sfp {

class HugePageBuffer {
public:
    explicit HugePageBuffer(std::uint64_t bytes);  // throws sfp::Failure
    HugePageBuffer(const HugePageBuffer&) = delete;
    HugePageBuffer& operator=(const HugePageBuffer&) = delete;
    ~HugePageBuffer();
    std::uint8_t* data() const noexcept { return data_; }
    std::uint64_t size() const noexcept { return size_; }  // as asked: the mapping may be longer

private:
    std::uint8_t* data_ = nullptr;
    std::uint64_t size_ = 0, mapped_ = 0;
};

}  // namespace sfp
