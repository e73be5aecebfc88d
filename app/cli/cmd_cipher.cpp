// sfpbench cipher IN OUT --shift K — transform a file into another, safely; timing on stderr.
#include "cli_support.hpp"
#include "commands.hpp"
#include "one_run.hpp"

namespace cli {
namespace {

const char* const kDescription =
    "Transform IN into OUT block by block (the articles' sequential file transformation):\n"
    "  caesar   out = (in + K) mod 256; a negative K decrypts (K from -255 to 255)\n"
    "  letters  A-Z and a-z rotate by K within their case, 0-9 within the digits, the rest unchanged\n"
    "  widen    each byte becomes a UTF-16LE code unit: OUT is twice IN (atou; --shift is not needed\n"
    "           and, if given, not applied)\n"
    "\n"
    "Safety: OUT is written to a temporary file beside it and renamed over it only when the run\n"
    "succeeded, so a failure or Ctrl-C leaves any previous OUT untouched and no temporary file\n"
    "behind. Space is reserved first (a full disk is an error before any data moves). OUT must be\n"
    "a regular file if it exists; a symbolic link OUT is followed (the link stays, the file it\n"
    "names is replaced) and one that points nowhere is refused. An OUT that is IN itself (same\n"
    "path, a symlink or a hard link) is refused unless --in-place is given.\n"
    "  --in-place       OUT may be IN. IN is still never written: the result replaces IN's name\n"
    "                   atomically when complete (a symlink is followed and kept; other hard links\n"
    "                   keep the original contents).\n"
    "  --output-exists  OUT must already exist; it is overwritten in its own blocks instead of a\n"
    "                   new file (the article's assumption: no allocation). This gives up the\n"
    "                   atomic replacement: on failure or Ctrl-C OUT is emptied (0 bytes), never\n"
    "                   left half written. Cannot be combined with --in-place.\n"
    "\n"
    "--digest prints the output's digest on standard output (\"HEX  OUT\"), taken while each block\n"
    "is produced: XXH3 of each 4 KiB granule of OUT seeded by its index, summed (not the xxhsum of\n"
    "the file; the same for every strategy, block size and thread count). Without --digest nothing\n"
    "is hashed. cp and copy-range copy in the kernel: their digest is read back after the timing.\n"
    "\n"
    "Timing goes to standard error. Exit: 0 done, 2 trouble, 128 + N after signal N (130: Ctrl-C).";

const std::span<const FlagHint> kHints = one_run_command("cipher")->hints;

}  // namespace

int cmd_cipher(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(kDescription);
    p.addPositionalArgument("IN", "input file");
    p.addPositionalArgument("OUT", "output file");
    add_one_run_flags(p, "cipher", kHints);
    p.addOption({"plain", "The byte-at-a-time kernel of the article's cci instead of the vectorised one."});
    p.addOption({"digest", "Print the output's digest (see above); without it nothing is hashed."});
    p.addOption({"json", "Print the whole result as JSON on standard output."});
    if (!parse_or_help(p, "cipher", args)) return exit_ok;
    const QStringList files = p.positionalArguments();
    check_operands("cipher", files);
    if (!p.isSet("shift") && p.value("transform") != "widen")
        throw UsageError{"cipher needs --shift K (from -255 to 255)"};

    sfp::RunSpec spec = one_run_spec(p, "cipher", {files[0]}, kHints);
    spec.output = path_bytes(files[1]);
    spec.digest = p.isSet("digest");
    if (p.isSet("fast") && p.isSet("plain")) throw UsageError{"cipher: --fast and --plain exclude each other"};
    choose_cipher_kernel(spec, p.isSet("plain"));
    return run_and_print(p, spec, cipher_cancelled_note(spec.output, p.isSet("output-exists")));
}

}  // namespace cli
