// The --list line and its escaping: the one text the digest is computed over.
#include "sfp/iterate.hpp"

namespace sfp {

std::string escape_path(const std::string& path) {
    std::string out;
    out.reserve(path.size());
    for (char c : path) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\\')
            out += "\\\\";
        else
            out += c;
    }
    return out;
}

std::string iterate_list_line(const FileHash& file) { return hex16(file.hash) + "  " + escape_path(file.path) + "\n"; }

}  // namespace sfp
