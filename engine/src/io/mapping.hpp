#pragma once
// A shared memory mapping of part of a file, read-only or writable, unmapped on destruction:
// the one mapping class every mapped strategy uses (compare's whole-file scans, cipher's
// whole-file and windowed transforms).
#include <cstddef>
#include <cstdint>
#include <string>

namespace sfp {

class File;

class Mapping {
public:
    enum class Access { read, write };  // write needs a descriptor opened O_RDWR

    Mapping() = default;
    // Maps [offset, offset+length) of fd; offset must be a multiple of the page size. A zero
    // length maps nothing. Throws sfp::Failure naming `path`.
    Mapping(int fd, const std::string& path, std::uint64_t offset, std::size_t length, Access access);
    // The first `length` bytes of an open file, read-only.
    Mapping(const File& file, std::size_t length);
    Mapping(Mapping&& o) noexcept;
    Mapping& operator=(Mapping&& o) noexcept;
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    ~Mapping();

    std::uint8_t* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return size_; }

    void advise_sequential() const noexcept;  // a hint; failure is harmless
    // Unmaps the pages of [offset, offset+length) (MADV_DONTNEED; offset rounded down to a page)
    // and keeps the mapping: the file's cached pages stay, a later touch maps them again. Lets
    // threads share the unmapping of pages that munmap would do alone. Failure is harmless.
    void release(std::uint64_t offset, std::uint64_t length) const noexcept;
    void sync(const std::string& path) const;  // msync(MS_SYNC): written through to the file

private:
    std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
};

std::size_t page_size() noexcept;

}  // namespace sfp
