#include "algorithms/cipher/mapped.hpp"

#include "io/sigbus_guard.hpp"

namespace sfp::cipher {

void transform_mapped(const CipherJob& job, const std::uint8_t* in, std::uint8_t* out, std::size_t n,
                      std::uint64_t out_offset) {
    auto work = [&] {
        job.kernel()(in, out, n);
        job.digest_output(out_offset, out, n * job.kernel().expansion());
    };
    if (!guarded(work)) job.fail_mapped_access();
}

Mapping input_mapping(const CipherJob& job) {
    return Mapping(job.input().fd(), job.input().path(), 0, std::size_t(job.input_size()), Mapping::Access::read);
}

WholeMappings::WholeMappings(const CipherJob& job)
    : in(input_mapping(job)),
      out(job.out_fd(), job.output().target(), 0, std::size_t(job.output_size()), Mapping::Access::write) {}

void WholeMappings::flush_if_asked(const CipherJob& job) const {
    if (job.options().flush) out.sync(job.output().target());
}

}  // namespace sfp::cipher
