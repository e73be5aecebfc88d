// sfpbench generate random|pair|text — reproducible test data.
#include <cstdio>

#include "cli_support.hpp"
#include "commands.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace cli {
namespace {

int generate_tree(const QCommandLineParser& p, const QStringList& pos) {
    if (pos.size() != 2) throw UsageError{"generate tree needs one directory"};
    if (p.isSet("size") || p.isSet("mismatch-at")) throw UsageError{"generate tree takes --files and --size-mix, not --size"};
    const std::uint64_t files = count_value(p.value("files"), "files");
    const std::uint64_t seed = count_value(p.value("seed"), "seed", true);
    sfp::Progress& progress = signal_progress();
    try {
        const sfp::TreeSummary t =
            sfp::generate_tree(path_bytes(pos[1]), files, p.value("size-mix").toStdString(), seed, &progress.cancel);
        std::printf("%llu files, %llu bytes\n", (unsigned long long)t.files, (unsigned long long)t.bytes);
    } catch (const sfp::Failure& e) {
        if (progress.cancel) return exit_cancelled;
        print_error(std::string(e.what()));
        return exit_trouble;
    }
    return exit_ok;
}

}  // namespace

int cmd_generate(const QStringList& args) {
    QCommandLineParser p;
    p.setApplicationDescription(
        "Write reproducible test data (written to a temporary file, then renamed into place; the space\n"
        "is checked and reserved first, and a signal leaves no file behind):\n"
        "  random FILE           random bytes\n"
        "  pair A B              B equals A except the bytes at --mismatch-at\n"
        "  text FILE             English-like words, punctuation and lines (for wordcount)\n"
        "  tree DIR              --files random files in nested folders (for iterate)");
    p.addPositionalArgument("KIND", "random, pair, text or tree");
    p.addPositionalArgument("FILE", "output file(s)");
    p.addOption({"size", "Size in bytes, or with K/M/G (default 640000000).", "size", "640000000"});
    p.addOption({"seed", "Seed: the same seed gives the same bytes (default 1).", "n", "1"});
    p.addOption({"mismatch-at", "pair: comma-separated 0-based offsets where B differs.", "list"});
    p.addOption({"files", "tree: how many files (default 20000).", "n", "20000"});
    p.addOption({"size-mix", "tree: small (mean 50K), medium (106K) or large (1.2M): IOBoost's sets / 16.", "mix", "small"});
    if (!parse_or_help(p, "generate", args)) return exit_ok;
    const QStringList pos = p.positionalArguments();
    const QString kind = pos.value(0);
    if (kind == "tree") return generate_tree(p, pos);
    const std::uint64_t size = size_value(p.value("size"), "size");
    bool seed_ok = false;
    const std::uint64_t seed = p.value("seed").toULongLong(&seed_ok);
    if (!seed_ok) throw UsageError{QString("seed '%1' is not a whole number").arg(p.value("seed"))};
    const int files = kind == "pair" ? 2 : 1;
    if (kind != "random" && kind != "pair" && kind != "text")
        throw UsageError{QString("generate: unknown kind '%1' (random, pair, text or tree)").arg(kind)};
    if (pos.size() != 1 + files) throw UsageError{QString("generate %1 needs %2 file name(s)").arg(kind).arg(files)};
    if (p.isSet("mismatch-at") && kind != "pair") throw UsageError{"--mismatch-at is only for `generate pair`"};

    std::vector<std::uint64_t> offsets;
    for (const QString& item : p.value("mismatch-at").split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        offsets.push_back(item.trimmed().toULongLong(&ok));
        if (!ok) throw UsageError{QString("mismatch offset '%1' is not a whole number").arg(item)};
    }
    sfp::Progress& progress = signal_progress();
    const std::atomic<bool>* cancel = &progress.cancel;
    try {
        if (kind == "random") sfp::generate_random(path_bytes(pos[1]), size, seed, cancel);
        if (kind == "text") sfp::generate_text(path_bytes(pos[1]), size, seed, cancel);
        if (kind == "pair") sfp::generate_pair(path_bytes(pos[1]), path_bytes(pos[2]), size, offsets, seed, cancel);
    } catch (const sfp::Failure& e) {
        if (progress.cancel) return exit_cancelled;
        print_error(std::string(e.what()));
        return exit_trouble;
    }
    return exit_ok;
}

}  // namespace cli
