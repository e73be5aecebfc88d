#pragma once
// The kinds of input an algorithm reads -- a pair of files, one file, a directory tree -- as one
// table (engine/src/datagen/input_kinds.cpp): how each is named in the workspace, generated,
// prepared in the page cache and sized. The runner, `sfpbench generate` and the window consult
// it; none of them names a kind. An algorithm names its kind in AlgorithmIo::data_kind. Qt-free.
#include <atomic>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sfp/datagen.hpp"
#include "sfp/parameter.hpp"

namespace sfp {

// What to generate: a size and a seed, and the kind's own options by name (InputKind::options).
struct GenerateRequest {
    std::uint64_t size = kDefaultFileSize;  // bytes of each file; a tree: about that many in all
    std::uint64_t seed = kDefaultSeed;
    std::map<std::string, std::string> options = {};  // e.g. {"mismatch_at", "0,4096"}; absent: its default
    Links links = Links::follow;                      // refuse: the workspace's files, never written through a link
};

struct InputKind {
    std::string_view name;   // "pair": Experiment::data_kind, `sfpbench generate KIND`
    std::string_view label;  // one line the window shows: "pair (two files, known differences)"
    // One entry per path of an input set, appended to the workspace stem "KIND-SIZE-seedN":
    // {"-a.bin", "-b.bin"} for a pair; {""} for a directory (the stem is the directory).
    std::span<const std::string_view> suffixes;
    bool directory = false;                   // the input is one directory; every regular file under it counts
    std::string_view help;                    // for `generate --help`: what the files hold
    std::span<const Parameter> options = {};  // generator options besides size and seed
    // The options an experiment's generated data is made with (a pair: differences to find).
    std::span<const std::pair<std::string_view, std::string_view>> workspace_options = {};
    // Writes one input set to `paths` (one per suffix), atomically; throws sfp::Failure naming
    // the path and the reason. Returns what it made in a line when the size does not say it
    // all ("300 files, 15728640 bytes"), else "".
    std::string (*generate)(const std::vector<std::string>& paths, const GenerateRequest& request,
                            const std::atomic<bool>* cancel) = nullptr;

    std::size_t paths() const noexcept { return suffixes.size(); }
    // The files an input set stands for when it is warmed, evicted and measured for residency:
    // the paths themselves, or every regular file under the directory.
    std::vector<std::string> files_of(const std::vector<std::string>& paths) const;
    // The size reports and cells show: the first file's, or a tree's total bytes.
    std::uint64_t size_of(const std::vector<std::string>& paths) const;
    // Throws sfp::Failure naming a path that cannot be an input of this kind: not a readable
    // file, or not a directory that can be listed (preflight, before anything runs).
    void check(const std::string& path) const;
};

std::span<const InputKind> input_kinds() noexcept;
const InputKind* find_input_kind(std::string_view name) noexcept;  // nullptr when unknown
const InputKind& input_kind(std::string_view name);                // throws sfp::Failure "data_kind: unknown kind ..."
std::string input_kind_names();  // "pair, random, text or tree": for messages that list them

// Throws sfp::Failure naming the option and what is wrong: an option the kind does not have,
// or a value its type refuses. Generators call it; front ends call it before writing anything.
void check_generate_options(const InputKind& kind, const GenerateRequest& request);

}  // namespace sfp
