#pragma once
// A heap buffer whose address (and usable size) is a multiple of an alignment: what O_DIRECT
// needs, and harmless for buffered I/O.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

namespace sfp {

class AlignedBuffer {
public:
    AlignedBuffer() = default;
    // Rounds `size` up to a multiple of `alignment` (a power of two). Throws std::bad_alloc.
    AlignedBuffer(std::size_t size, std::size_t alignment)
        : size_((size + alignment - 1) / alignment * alignment),
          data_(size_ ? static_cast<std::uint8_t*>(::operator new(size_, std::align_val_t(alignment))) : nullptr,
                Free{alignment}) {}

    std::uint8_t* data() const noexcept { return data_.get(); }
    std::size_t size() const noexcept { return size_; }

private:
    struct Free {
        std::size_t alignment = 1;
        void operator()(std::uint8_t* p) const noexcept { ::operator delete(p, std::align_val_t(alignment)); }
    };
    std::size_t size_ = 0;
    std::unique_ptr<std::uint8_t, Free> data_;
};

}  // namespace sfp
