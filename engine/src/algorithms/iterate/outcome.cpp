// iterate's outcome as digest text and as description. The text must never change: saved
// reports carry digests of it. The file list is not part of either (it is emptied unless listed).
#include "sfp/iterate.hpp"

namespace sfp {

std::string canonical(const IterateOutcome& o) {
    return "iterate " + std::to_string(o.file_count) + " " + std::to_string(o.bytes) + " " +
           std::to_string(o.skipped.size()) + " " + std::to_string(o.digest);
}

Description describe(const IterateOutcome& o) {
    Description::Object d{{"files", o.file_count}, {"bytes", o.bytes}};
    add_paths_field(d, "skipped", o.skipped);  // and skipped_base64 when a name is not UTF-8
    d.push_back({"digest_xxh3", hex16(o.digest)});
    if (!o.files.empty()) {  // kept only with the option list: one entry per file, in processing order
        Description::Array listed;
        for (const FileHash& f : o.files) {
            Description::Object entry;
            add_path_fields(entry, "path", f.path);  // and path_base64 for a name that is not UTF-8
            entry.push_back({"xxh3", hex16(f.hash)});
            listed.push_back(std::move(entry));
        }
        d.push_back({"list", std::move(listed)});
    }
    return d;
}

}  // namespace sfp
