#pragma once
// What every cipher strategy starts from and ends with: options parsed, the input open, the
// output prepared under the safety rules (output_file.hpp), and the checks before committing.
#include <cstdint>
#include <string>

#include "algorithms/cipher/kernel.hpp"
#include "algorithms/cipher/options.hpp"
#include "algorithms/cipher/output_digest.hpp"
#include "algorithms/cipher/output_file.hpp"
#include "io/file.hpp"
#include "sfp/cipher.hpp"
#include "sfp/run_context.hpp"

namespace sfp::cipher {

// How a strategy moves data, which decides what the job allows and prepares.
enum class Access {
    buffers,   // read/pread into buffers: O_DIRECT allowed
    mapped,    // memory mappings: O_DIRECT is refused (mapped I/O is the page cache)
    external,  // copied without our buffers (cp as a child, copy_file_range): no transform, no reservation, no O_DIRECT
};

inline constexpr std::size_t kDirectAlignment = 4096;  // covers 512- and 4096-byte sectors

// The options parsed, and refused where `access` cannot honour them (direct with mappings or
// `cp`, or with a block the alignment does not divide). Needs no files: also the preflight check.
CipherOptions options_for(const RunSpec& spec, Access access);

// The strategies' `check` hook (sfp/strategy.hpp) for a strategy moving data this way.
template <Access access>
void check_options_for(const RunSpec& spec) {
    options_for(spec, access);
}

class CipherJob {
public:
    CipherJob(const RunSpec& spec, RunContext& ctx, Access access);

    const CipherOptions& options() const noexcept { return options_; }
    const Kernel& kernel() const noexcept { return kernel_; }
    const File& input() const noexcept { return input_; }
    std::uint64_t input_size() const noexcept { return input_size_; }
    std::uint64_t output_size() const noexcept { return output_size_; }
    int out_fd() const noexcept { return output_.fd(); }
    const OutputFile& output() const noexcept { return output_; }

    // The output bytes [offset, offset + n) at `data`, just produced: into the digest while they
    // are in cache (nothing when the run takes none). Thread-safe, blocks in any order.
    void digest_output(std::uint64_t offset, const std::uint8_t* data, std::size_t n) const {
        digest_.add(offset, data, n);
    }

    // With direct I/O, transfers must be whole multiples of the alignment: a tail shorter than
    // that is padded (and the file trimmed to its real size in complete()).
    std::size_t io_length(std::size_t n) const noexcept {
        return options_.direct ? (n + kDirectAlignment - 1) / kDirectAlignment * kDirectAlignment : n;
    }

    // The input ended before its first size: it shrank while we read it.
    [[noreturn]] void fail_input_shrank() const;
    // A mapped access hit SIGBUS: says which file shrank, as far as we can tell.
    [[noreturn]] void fail_mapped_access() const;

    // After the work: if the run is stopping, returns an empty outcome and leaves the output to be
    // discarded. Otherwise checks the input kept its size, trims direct-I/O padding, flushes
    // if asked, commits the output, and returns the outcome with the digest taken in the pass
    // (for cp and copy-range, by hash_copied_output after the clock).
    Outcome complete(RunContext& ctx);

private:
    CipherOptions options_;
    Kernel kernel_;
    File input_;
    std::uint64_t input_size_ = 0, output_size_ = 0;
    OutputFile output_;
    mutable OutputDigest digest_;  // thread-safe: the workers add to it through const references
};

// What cp and copy-range say of themselves: a floor, and (with a digest) where it comes from.
void note_kernel_copy(const RunSpec& spec, RunContext& ctx);

// The `finish` hook of the strategies that copy in the kernel (cp, copy-range), whose bytes never
// pass through our hands: hashes the committed output file, read back after the clock.
void hash_copied_output(const RunSpec& spec, Outcome& outcome);

}  // namespace sfp::cipher
