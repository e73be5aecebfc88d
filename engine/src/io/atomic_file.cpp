#include "sfp/atomic_file.hpp"

#include "io/atomic_output.hpp"

namespace sfp {

void write_file_atomically(const std::string& path, std::string_view data, Links links) {
    AtomicOutput out(path, links);
    out.write_all(data.data(), data.size());
    out.commit(/*durable=*/true);
}

void probe_writable(const std::string& path) { AtomicOutput probe(path); }

}  // namespace sfp
