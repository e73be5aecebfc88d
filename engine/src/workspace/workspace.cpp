// Generated inputs are named by kind (sfp/input_kind.hpp), size and seed, reused when present, and every file the
// tool makes is recorded in the manifest so that `clean` can remove exactly those.
#include "workspace/workspace_lock.hpp"
#include "sfp/workspace.hpp"

#include <dirent.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cerrno>
#include <cstdlib>
#include <filesystem>

#include "io/atomic_output.hpp"
#include "io/tool_file.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"
#include "sfp/input_kind.hpp"
#include "workspace/manifest.hpp"

namespace sfp {
namespace {

std::string home_directory() {
    if (const char* home = std::getenv("HOME"); home && *home) return home;
    if (const passwd* pw = getpwuid(getuid()); pw && pw->pw_dir) return pw->pw_dir;
    return "/tmp";
}

std::string name_of(const std::string& path) { return path.substr(path.rfind('/') + 1); }

bool is_regular_of_size(const std::string& path, std::uint64_t size) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && std::uint64_t(st.st_size) == size;
}

bool exists(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0;
}

bool is_directory(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Whether generated data of this kind and size is there, whole (a tree is renamed in whole).
bool is_generated(const std::string& path, const InputKind& kind, std::uint64_t size) {
    return kind.directory ? is_directory(path) : is_regular_of_size(path, size);
}

// A file, or a generated tree (never following a link out of it).
void remove_file(const std::string& path, std::vector<std::string>& removed) {
    if (is_directory(path)) {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
        if (ec) fail_errno("cannot remove", path, ec.value());
        removed.push_back(path);
        return;
    }
    if (::unlink(path.c_str()) == 0) {
        removed.push_back(path);
        return;
    }
    if (errno != ENOENT) fail_errno("cannot remove", path, errno);
}

}  // namespace

std::string default_workdir() { return default_workdir_for(std::getenv("XDG_CACHE_HOME"), home_directory()); }

std::string default_workdir_for(const char* xdg_cache_home, const std::string& home) {
    // XDG: a relative $XDG_CACHE_HOME is invalid and must be ignored.
    if (xdg_cache_home && xdg_cache_home[0] == '/') return std::string(xdg_cache_home) + "/sfpbench";
    return home + "/.cache/sfpbench";
}

std::string manifest_path(const std::string& workdir) { return workdir + "/sfpbench-manifest.txt"; }

std::vector<std::string> generated_paths(const std::string& workdir, std::string_view kind, std::uint64_t size,
                                         std::uint64_t seed) {
    const InputKind& of = input_kind(kind);
    const std::string stem =
        workdir + "/" + std::string(of.name) + "-" + format_size(size) + "-seed" + std::to_string(seed);
    std::vector<std::string> paths;
    for (std::string_view suffix : of.suffixes) paths.push_back(stem + std::string(suffix));
    return paths;
}

std::uint64_t bytes_to_generate(const std::string& workdir, std::string_view kind,
                                const std::vector<std::uint64_t>& sizes, std::uint64_t seed) {
    std::uint64_t total = 0;
    for (std::uint64_t size : sizes)
        for (const std::string& p : generated_paths(workdir, kind, size, seed))
            if (!is_generated(p, input_kind(kind), size)) total = size > UINT64_MAX - total ? UINT64_MAX : total + size;
    return total;
}

std::vector<std::string> ensure_generated(const std::string& workdir, std::string_view kind, std::uint64_t size,
                                          std::uint64_t seed, const std::atomic<bool>* cancel, bool rewrite) {
    const std::vector<std::string> paths = generated_paths(workdir, kind, size, seed);
    workspace::make_workdir(workdir);
    sweep_stale_temporaries(workdir);
    const std::vector<std::string> listed = workspace::read_manifest(workdir);
    auto is_listed = [&](const std::string& p) {
        return std::find(listed.begin(), listed.end(), name_of(p)) != listed.end();
    };
    bool reusable = true;
    for (const std::string& p : paths) {
        refuse_link(p);  // a link there names a file that is not the tool's: never written through
        if (exists(p) && !is_listed(p))
            fail("cannot generate '" + p +
                 "': a file of that name exists that sfpbench did not create "
                 "(it is left alone; move it or choose another workspace)");
        reusable = reusable && is_listed(p) && is_generated(p, input_kind(kind), size);
    }
    if (reusable && !rewrite) return paths;

    for (const std::string& p : paths) workspace::add_to_manifest(workdir, name_of(p));
    const InputKind& of = input_kind(kind);
    GenerateRequest request{.size = size, .seed = seed, .links = Links::refuse};
    for (const auto& [name, value] : of.workspace_options) request.options[std::string(name)] = value;
    of.generate(paths, request, cancel);
    return paths;
}

std::vector<std::string> clean_workspace(const std::string& workdir, bool wait, const std::atomic<bool>* cancel) {
    std::vector<std::string> removed;
    if (!is_directory(workdir)) return removed;
    const int lock = lock_workspace_for_clean(workdir, wait, cancel);
    try {
        const std::vector<std::string> listed = workspace::read_manifest(workdir);
        for (const std::string& name : listed) {
            // a manifest of 100,000 names takes seconds: a signal stops it, the manifest kept for the rest
            if (cancel && cancel->load(std::memory_order_relaxed))
                fail("clean of '" + workdir + "' stopped by a signal after " + std::to_string(removed.size()) +
                     " file(s); the manifest still lists the rest");
            remove_file(workdir + "/" + name, removed);
        }
        for (std::string& path : sweep_stale_temporaries(workdir)) removed.push_back(std::move(path));
        remove_file(manifest_path(workdir), removed);
    } catch (...) {
        ::close(lock);
        throw;
    }
    unlock_cleaned_workspace(workdir, lock);
    return removed;
}

}  // namespace sfp
