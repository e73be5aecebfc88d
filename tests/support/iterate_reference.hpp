#pragma once
// What the iterate engine tests share: the reference (std::filesystem's walk, whole-file reads,
// XXH3 one-shot, nothing shared with the engine), one run of a strategy, and files to walk.
#include <xxhash.h>

#include <QString>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "sfp/iterate.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "support/temp_files.hpp"
#include "support/option_text.hpp"

namespace testing {

constexpr std::uint64_t kFull = UINT64_MAX;

// The reference: std::filesystem's walk (links not followed), whole-file reads, XXH3 one-shot.
inline std::map<std::string, std::uint64_t> reference_hashes(const std::string& root, std::uint64_t scope) {
    std::map<std::string, std::uint64_t> out;
    for (const std::filesystem::directory_entry& e : std::filesystem::recursive_directory_iterator(root)) {
        if (!e.is_regular_file() || e.is_symlink()) continue;
        testing::Bytes bytes = testing::read_file(e.path().native());
        if (bytes.size() > scope) bytes.resize(std::size_t(scope));
        out[e.path().native()] = XXH3_64bits(bytes.data(), bytes.size());
    }
    return out;
}

inline std::string escaped(const std::string& path) {
    std::string s;
    for (char c : path) s += c == '\n' ? std::string("\\n") : c == '\\' ? std::string("\\\\") : std::string(1, c);
    return s;
}

// XXH3 of "hex  path\n" lines in path-byte order: std::map already sorts by std::string.
inline std::uint64_t reference_digest(const std::map<std::string, std::uint64_t>& hashes) {
    std::string text;
    for (const auto& [path, hash] : hashes)
        text += QString::asprintf("%016llx  ", (unsigned long long)hash).toStdString() + escaped(path) + "\n";
    return XXH3_64bits(text.data(), text.size());
}

// One run of `strategy` over `dirs`, the way `sfpbench iterate` runs it.
inline sfp::RunResult iterate(const std::string& strategy, const std::vector<std::string>& dirs,
                              const std::string& scope, bool list = false, unsigned threads = 3,
                              const char* seed = "1") {
    sfp::RunSpec spec;
    spec.algorithm = "iterate";
    spec.strategy = strategy;
    spec.inputs = dirs;
    spec.threads = threads;
    testing::set_option(spec, "scope", scope);
    testing::set_option(spec, "seed", seed);
    if (list) testing::set_option(spec, "list", "1");
    sfp::Progress progress;
    return sfp::run_once(spec, progress);
}

inline const sfp::IterateOutcome& outcome(const sfp::RunResult& r) { return r.outcome.get<sfp::IterateOutcome>(); }

inline std::vector<std::string> strategy_names() {
    std::vector<std::string> out;
    for (const sfp::Strategy* s : sfp::strategies_of("iterate")) out.emplace_back(s->name);
    return out;
}

inline void write(const std::string& path, std::size_t size, std::uint32_t seed = 3) {
    testing::write_file(path, testing::pattern(size, seed));
}

}  // namespace testing
