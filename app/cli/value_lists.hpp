#pragma once
// Comma-separated parameter lists with ranges, as `sfpbench run` takes them:
// --block 512,4K..64K (powers of two in a range), --threads 1..4 (every count), --sizes 64M,256M.
// Each throws UsageError naming the flag and every bad item (one line each). Items of a parameter
// of the engine's tables are read and judged as the engine does, in its words (sfp::parse_value and
// the validator's "block size 0 is out of range (1 to 1G)"): the one-run commands, experiment files
// and the window say the same; a range's ends within the limits also bound how far it expands.
#include <QString>
#include <cstdint>
#include <string>
#include <vector>

namespace sfp {
struct Parameter;
}

namespace cli {

// One value of a table's parameter; UsageError "FLAG: what is wrong" when it is none or out of range.
std::int64_t table_value(const sfp::Parameter& p, const QString& text, const char* flag);

std::vector<std::uint64_t> block_list(const QString& text, const char* flag);
std::vector<unsigned> threads_list(const QString& text, const char* flag);
std::vector<std::uint64_t> size_list(const QString& text, const char* flag);
// Swept options: --packing 1,10,100 or a range 1..100000 in steps of x10 (1,10,...,100000); the
// parameter judges each item (null: an algorithm without it, read as counts and refused later).
std::vector<std::uint64_t> decade_list(const QString& text, const char* flag, const sfp::Parameter* p);
std::vector<std::string> name_list(const QString& text, const char* flag);

}  // namespace cli
