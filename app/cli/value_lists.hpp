#pragma once
// Comma-separated parameter lists with ranges, as `sfpbench run` takes them:
// --block 512,4K..64K (powers of two in a range), --threads 1..4 (every count), --sizes 64M,256M.
// Each throws UsageError naming the flag and every bad item (one line each).
#include <QString>
#include <cstdint>
#include <vector>

namespace cli {

std::vector<std::uint64_t> block_list(const QString& text, const char* flag);
std::vector<unsigned> threads_list(const QString& text, const char* flag);
std::vector<std::uint64_t> size_list(const QString& text, const char* flag);
// Swept options: --packing 1,10,100 or a range 1..100000 in steps of x10 (1,10,...,100000).
std::vector<std::uint64_t> decade_list(const QString& text, const char* flag);
std::vector<std::string> name_list(const QString& text, const char* flag);

}  // namespace cli
