#include "algorithms/cipher/job.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sfp/failure.hpp"

namespace sfp::cipher {
namespace {

CipherOptions checked_options(const RunSpec& spec, Access access) {
    if (spec.inputs.size() != 1) fail("cipher needs exactly one input file, got " + std::to_string(spec.inputs.size()));
    return options_for(spec, access);
}

// O_DIRECT is switched on after opening, so that a missing file still gets the usual message and
// a filesystem that refuses direct I/O (EINVAL) gets its own.
void use_direct_io(int fd, const std::string& path) {
    const int flags = fcntl(fd, F_GETFL);
    if (flags >= 0 && fcntl(fd, F_SETFL, flags | O_DIRECT) == 0) return;
    const int err = errno;
    fail("direct I/O (O_DIRECT) is unsupported for '" + path + "': " + std::strerror(err) +
         (err == EINVAL ? " (the filesystem refuses it)" : ""));
}

File open_input(const RunSpec& spec, const CipherOptions& o) {
    File f = File::open_read(spec.inputs[0]);
    if (o.direct) use_direct_io(f.fd(), f.path());
    return f;
}

OutputPolicy policy_of(const CipherOptions& o, Access access) {
    return OutputPolicy{
        .in_place = o.in_place, .output_exists = o.output_exists, .reserve = access != Access::external};
}

std::uint64_t current_size(int fd, const std::string& path) {
    struct stat st {};
    if (fstat(fd, &st) != 0) fail_errno("cannot stat", path, errno);
    return std::uint64_t(st.st_size);
}

}  // namespace

CipherOptions options_for(const RunSpec& spec, Access access) {
    CipherOptions o = parse_options(spec);
    if (!o.direct) return o;
    if (access == Access::mapped)
        fail("option direct: " + spec.strategy + " maps the files, and mapped I/O always goes through the page cache");
    if (access == Access::external)
        fail("option direct: " + spec.strategy +
             " copies the files its own way (the system `cp`, copy_file_range), "
             "not through the aligned buffers direct I/O needs");
    if (spec.block_size % kDirectAlignment != 0)
        fail("option direct: " + spec.strategy + " with block size " + std::to_string(spec.block_size) +
             ": not a multiple of " + std::to_string(kDirectAlignment) + " bytes, which O_DIRECT transfers need");
    return o;
}

CipherJob::CipherJob(const RunSpec& spec, RunContext& ctx, Access access)
    : options_(checked_options(spec, access)), kernel_(options_.transform, options_.shift, options_.fast),
      input_(open_input(spec, options_)), input_size_(input_.size()),
      output_size_(access == Access::external ? input_size_ : input_size_ * kernel_.expansion()),  // cp only copies
      output_(spec.output, input_, output_size_, policy_of(options_, access)),
      digest_(output_size_, spec.digest && access != Access::external) {
    if (options_.direct) use_direct_io(output_.fd(), output_.target());
    if (options_.ignored_shift)
        ctx.note("widen ignores the shift " + std::to_string(options_.ignored_shift) +
                 ": atou widens the bytes as they are");
    ctx.set_total(input_size_);
}

void CipherJob::fail_input_shrank() const {
    fail("the input '" + input_.path() + "' shrank while it was being read (expected " + std::to_string(input_size_) +
         " bytes); the output was discarded");
}

void CipherJob::fail_mapped_access() const {
    if (current_size(input_.fd(), input_.path()) < input_size_)
        fail("the input '" + input_.path() + "' shrank while it was mapped (SIGBUS); the output was discarded");
    if (current_size(output_.fd(), output_.target()) < output_size_)
        fail("the output for '" + output_.target() + "' was truncated while it was mapped (SIGBUS)");
    fail("SIGBUS while accessing the mapped files '" + input_.path() + "' and '" + output_.target() +
         "' (an I/O error or a full disk)");
}

Outcome CipherJob::complete(RunContext& ctx) {
    if (ctx.should_stop()) return {};  // cancelled: ~OutputFile discards the output
    if (const std::uint64_t now = current_size(input_.fd(), input_.path()); now != input_size_)
        fail("the input '" + input_.path() + "' changed size during the run (from " + std::to_string(input_size_) +
             " to " + std::to_string(now) + " bytes); the output was discarded");
    if (options_.direct && ftruncate(out_fd(), off_t(output_size_)) != 0)  // drop the padding of the tail
        fail_errno("cannot resize", output_.target(), errno);
    output_.commit(options_.flush);
    CipherOutcome outcome{.output_bytes = output_size_, .output_hash = {}};
    if (digest_.enabled()) outcome.output_hash = digest_.value();
    return outcome;
}

void note_kernel_copy(const RunSpec& spec, RunContext& ctx) {
    ctx.note(
        spec.strategy + " copies without transforming: a floor for the others, not a competitor" +
        (spec.digest ? "; the copy is the kernel's, so its digest is read back from the output after the clock" : ""));
}

void hash_copied_output(const RunSpec& spec, Outcome& outcome) {
    auto* o = outcome.get_if<CipherOutcome>();
    if (!o || !spec.digest) return;
    File f = File::open_read(spec.output);
    if (f.size() != o->output_bytes)
        fail("the output '" + spec.output + "' has " + std::to_string(f.size()) + " bytes, expected " +
             std::to_string(o->output_bytes));
    o->output_hash = digest_of_file(f);
}

}  // namespace sfp::cipher
