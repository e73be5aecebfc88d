// sfpbench evict PATH... — empty the page cache of files and trees, as `run --cache cold` does
// before every run: for scripts that time a system tool cold (bench/iterate.sh).
#include <cstdio>

#include "cli_support.hpp"
#include "commands.hpp"
#include "sfp/cache_control.hpp"

namespace cli {

int cmd_evict(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Evict every regular file under each PATH (a directory: its whole tree, symbolic links not\n"
        "followed) from the page cache: fdatasync, then posix_fadvise(DONTNEED), which needs no\n"
        "privileges; as root, when pages remain, /proc/sys/vm/drop_caches too. Prints the number of\n"
        "files, the method and the share of their pages still cached. Exit: 0 done, 2 trouble.");
    p.addPositionalArgument("PATH", "files or directories", "PATH...");
    if (!parse_or_help(p, "evict", args)) return exit_ok;
    exit_at_once_on_signals();  // it writes nothing: a signal may end a long eviction of a tree at once
    if (p.positionalArguments().isEmpty())
        throw UsageError{"evict needs at least one path (see `sfpbench evict --help`)"};
    std::vector<std::string> paths;
    for (const QString& path : p.positionalArguments()) paths.push_back(path_bytes(path));
    const sfp::Eviction e = sfp::evict_from_cache(paths);
    if (e.resident_pct < 0)
        std::printf("evicted %zu files: %s; still cached: unknown\n", e.files, e.method.c_str());
    else
        std::printf("evicted %zu files: %s; still cached: %.1f%%\n", e.files, e.method.c_str(), e.resident_pct);
    return exit_ok;
}

}  // namespace cli
