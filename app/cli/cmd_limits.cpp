// sfpbench limits -- the ceilings of this machine (sfp/limits.hpp), measured once per machine
// fingerprint and kept in the workspace; printed as a table or JSON.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

#include "cli_support.hpp"
#include "commands.hpp"
#include "limits_json.hpp"
#include "limits_text.hpp"
#include "progress_line.hpp"
#include "sfp/limits.hpp"
#include "sfp/workspace.hpp"

namespace cli {
namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

// --only's comma-separated keys, in the order given; a usage error names an unknown one.
std::vector<sfp::LimitId> only_limits(const QString& value) {
    std::vector<sfp::LimitId> ids;
    for (const QString& key : value.split(',')) {
        const std::optional<sfp::LimitId> id = sfp::limit_from_key(key.trimmed().toStdString());
        if (!id) {
            QStringList keys;
            for (sfp::LimitId known : sfp::kLimitIds) keys << QString::fromUtf8(sfp::limit_key(known).data());
            throw UsageError{QString("--only: '%1' is not a limit (one of %2)").arg(key, keys.join(", "))};
        }
        if (std::find(ids.begin(), ids.end(), *id) == ids.end()) ids.push_back(*id);
    }
    return ids;
}

// The limits asked for alone (all when none was named), so --only prints what it measured.
sfp::MachineLimits only_these(sfp::MachineLimits limits, const std::vector<sfp::LimitId>& which) {
    if (which.empty()) return limits;
    std::erase_if(limits.limits, [&](const sfp::Limit& l) { return std::ranges::find(which, l.id) == which.end(); });
    return limits;
}

void print_json(const sfp::LimitsFound& found, const std::string& cache) {
    QJsonObject json = core::limits_json(found.limits);
    QJsonArray now;
    for (sfp::LimitId id : found.measured) now.append(QString::fromUtf8(sfp::limit_key(id).data()));
    json["measured_now"] = now;
    json["cache"] = text(cache);
    std::fputs(QJsonDocument(json).toJson(QJsonDocument::Indented).constData(), stdout);
}

void print_table(const sfp::LimitsFound& found, const std::string& cache) {
    const sfp::MachineLimits& m = found.limits;
    const QString load = core::load_text(m);
    std::printf("limits of this machine (%s), measured %s%s\n\n", m.fingerprint.c_str(),
                m.measured_at.empty() ? "at an unknown time" : m.measured_at.c_str(),
                load.isEmpty() ? "" : qPrintable(" at " + load));
    std::fputs(qPrintable(core::limits_table(m)), stdout);
    std::printf("\n%s in %s; `sfpbench limits --refresh` measures again.\n", found.measured.empty() ? "cached" : "kept",
                cache.c_str());
}

}  // namespace

int cmd_limits(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Measure the ceilings that bound the algorithms on this machine: memory read with 1..N threads,\n"
        "two streams side by side, the read() copy out of the page cache, mapped scans (large and small\n"
        "folios), writing into the page cache, O_DIRECT reads of the workspace's device at queue depth 1\n"
        "and 32, small files cold, and small files hot (open + read + close of cached files, 1..N threads,\n"
        "as files/s and bytes/s: iterate's hot ceiling). The CPU-bound ones are the fastest of many short passes in "
        "which no\n"
        "measuring thread waited for a CPU, so other processes' load does not lower them; few such passes\n"
        "mark a figure uncertain, and an uncertain one kept is measured again. The device ones are the\n"
        "median of repetitions. Each line: the figure, passes kept of taken (or the spread), and how it\n"
        "was measured, with the load and steal meanwhile.\n"
        "Kept in the workspace per machine fingerprint and reused (unless uncertain) until the machine\n"
        "changes or --refresh.\n"
        "About 30 s (--quick: 5 s). Ctrl-C stops and keeps nothing.\n"
        "Exit: 0 done, 2 bad flags or a workspace that cannot hold them, 130 cancelled.");
    p.addOption({"quick", "A smaller budget (about 5 s); a full measurement already kept also does."});
    p.addOption({"refresh", "Measure every limit again (with --only: those), whatever is kept."});
    p.addOption({"only",
                 "Only these limits (comma-separated keys, as two-stream-read,memory-read); the "
                 "others kept stay as they are.",
                 "keys"});
    p.addOption({"json", "Print the limits as JSON (rates in bytes per second, one per repetition)."});
    p.addOption({"workdir", "Workspace for the scratch files and the kept limits (default ~/.cache/sfpbench).", "dir"});
    if (!parse_or_help(p, "limits", args)) return exit_ok;
    if (!p.positionalArguments().isEmpty())
        throw UsageError{QString("limits takes no arguments (got '%1')").arg(p.positionalArguments().first())};
    const std::string workdir = p.isSet("workdir") ? path_bytes(p.value("workdir")) : sfp::default_workdir();
    if (workdir.empty()) throw UsageError{"--workdir: an empty path"};
    const sfp::LimitsLookup lookup{
        .workdir = workdir,
        .which = p.isSet("only") ? only_limits(p.value("only")) : std::vector<sfp::LimitId>{},
        .quick = p.isSet("quick"),
        .refresh = p.isSet("refresh")};

    sfp::Progress& progress = signal_progress();
    const auto start = std::chrono::steady_clock::now();
    sfp::LimitsFound found;
    {
        std::unique_ptr<ProgressLine> line;
        if (::isatty(STDERR_FILENO)) line = std::make_unique<ProgressLine>(progress, 0);
        found = sfp::find_limits(lookup, progress, [&](const std::string& step) {
            if (line) line->message(step);
        });
        found.limits = only_these(std::move(found.limits), lookup.which);
    }
    if (progress.cancel.load()) {
        print_error(QString("cancelled: nothing kept"));
        return exit_cancelled;
    }
    const std::string cache = sfp::limits_cache_path(workdir);
    if (p.isSet("json"))
        print_json(found, cache);
    else
        print_table(found, cache);
    flush_stdout();  // the table before the notes on stderr
    if (const QString warning = core::load_warning(found.limits); !warning.isEmpty()) print_error(warning);
    if (!found.measured.empty())
        std::fprintf(stderr, "measured %zu limit(s) in %.1f s\n", found.measured.size(),
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (!found.saved_error.empty()) {
        print_error(found.saved_error);
        return exit_trouble;
    }
    return exit_ok;
}

}  // namespace cli
