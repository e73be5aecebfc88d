// sfpbench iterate DIR... — hash every file of a tree; files, bytes, skipped and the
// order-independent digest on stdout, listing and processing time apart on stderr.
#include <QJsonDocument>
#include <cstdio>
#include <string>

#include "cli_support.hpp"
#include "commands.hpp"
#include "parameter_flags.hpp"
#include "result_json.hpp"
#include "sfp/iterate.hpp"
#include "sfp/run.hpp"

namespace cli {
namespace {

// The default thread count: a cold tree of small files is read fastest with many reads in
// flight, more than `find | xargs -P 16 cat` keeps (bench/iterate.sh measures it).
constexpr unsigned kReadsInFlight = 32;

const FlagHint kHints[] = {
    {"threads", QString::number(kReadsInFlight),
     "Of parallel and auto: reads in flight (the queue depth, not the CPUs, decides on SSDs and virtual disks)."},
    {"list", {}, "Also print one line per file in processing order: hash, two spaces, path."},
};

void put(FILE* to, const std::string& text) { std::fwrite(text.data(), 1, text.size(), to); }

}  // namespace

int cmd_iterate(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Hash the first SCOPE bytes (or all) of every regular file under each DIR with XXH3-64.\n"
        "Symbolic links are not followed; FIFOs, sockets and devices are not opened; unreadable or\n"
        "vanished entries are skipped and named on standard error. Standard output: files, bytes,\n"
        "skipped and a digest that is the same for every order and strategy. Exit: 0 done, 2 trouble.");
    p.addPositionalArgument("DIR", "directories to hash (one or more)", "DIR...");
    p.addOption({"strategy",
                 "auto, fs, alpha, inode, cluster, random, parallel, prefetch, uring or xxhsum (default auto: times\n"
                 "parallel and prefetch on the first files, the faster does the rest).",
                 "name", "auto"});
    add_parameter_flags(p, "iterate", kHints);
    p.addOption({"json", "Print the whole result as JSON instead."});
    if (!parse_or_help(p, "iterate", args)) return exit_ok;
    const QStringList dirs = p.positionalArguments();
    if (dirs.isEmpty()) throw UsageError{"iterate needs at least one directory (see `sfpbench iterate --help`)"};

    sfp::RunSpec spec;
    spec.algorithm = "iterate";
    spec.strategy = p.value("strategy").toStdString();
    for (const QString& d : dirs) spec.inputs.push_back(path_bytes(d));
    read_parameter_flags(p, "iterate", spec, kHints);

    sfp::Progress& progress = signal_progress();
    const sfp::RunResult r = sfp::run_once(spec, progress);
    if (r.status == sfp::Status::cancelled) return exit_cancelled;
    if (r.status != sfp::Status::ok) {
        print_error(r.error);
        return exit_trouble;
    }
    const auto& o = r.outcome.get<sfp::IterateOutcome>();
    if (p.isSet("json")) {
        std::fputs(QJsonDocument(core::result_json(r)).toJson().constData(), stdout);
    } else {
        for (const sfp::FileHash& f : o.files) put(stdout, sfp::iterate_list_line(f));
        put(stdout, "files " + std::to_string(o.file_count) + "\nbytes " + std::to_string(o.bytes) + "\nskipped " +
                        std::to_string(o.skipped.size()) + "\ndigest " + sfp::hex16(o.digest) + "\n");
    }
    flush_stdout();  // the results before the notes on stderr
    for (const std::string& s : o.skipped) put(stderr, "sfpbench: skipped " + sfp::escape_path(s) + "\n");
    for (const std::string& note : r.notes) print_error(note);
    std::fprintf(stderr, "listing %.3fs  processing %.3fs\n", r.list_s, r.real_s - r.list_s);
    print_timing(r);
    return exit_ok;
}

}  // namespace cli
