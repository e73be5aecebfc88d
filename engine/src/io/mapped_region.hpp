#pragma once
// A shared memory mapping of part of a file, read-only or writable, unmapped on destruction.
// (io/mapping.hpp maps a whole file read-only; strategies that write or map one window at a
// time need an offset and write access.)
#include <cstddef>
#include <cstdint>
#include <string>

namespace sfp {

class MappedRegion {
public:
    enum class Access { read, write };  // write needs a descriptor opened O_RDWR

    MappedRegion() = default;
    // Maps [offset, offset+length) of fd; offset must be a multiple of the page size. A zero
    // length maps nothing. Throws sfp::Failure naming `path`.
    MappedRegion(int fd, const std::string& path, std::uint64_t offset, std::size_t length, Access access);
    MappedRegion(MappedRegion&& o) noexcept;
    MappedRegion& operator=(MappedRegion&& o) noexcept;
    MappedRegion(const MappedRegion&) = delete;
    MappedRegion& operator=(const MappedRegion&) = delete;
    ~MappedRegion();

    std::uint8_t* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return size_; }

    void advise_sequential() const noexcept;  // a hint; failure is harmless
    void sync(const std::string& path) const; // msync(MS_SYNC): written through to the file

private:
    std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
};

std::size_t page_size() noexcept;

}  // namespace sfp
