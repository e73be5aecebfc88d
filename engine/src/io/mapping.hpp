#pragma once
// A read-only memory mapping of a whole file, unmapped on destruction.
#include <cstddef>
#include <cstdint>

namespace sfp {

class File;

class Mapping {
public:
    enum class Advice { normal, sequential };
    // Maps the first `length` bytes of `file` (length 0 maps nothing and is valid).
    Mapping(const File& file, std::size_t length, Advice advice);
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    ~Mapping();

    const std::uint8_t* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return size_; }

private:
    const std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace sfp
