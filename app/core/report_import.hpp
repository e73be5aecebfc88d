#pragma once
// Result sets from elsewhere: report JSON files (`sfpbench run --json`, the window's export, or a
// reference set from resources/reference/) read back as cells with their median time, and two
// sets matched cell by cell. What the overlay, the comparison table and `sfpbench diff` share.
// The file is read by report_load (report_results): one reader for every report.
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report_load.hpp"
#include "sfp/cell.hpp"
#include "sfp/comparison.hpp"
#include "sfp/report.hpp"

namespace core {

// A file that is not a report this sfpbench reads; what() reads "report 'PATH': reason".
using ImportError = ReportError;

// One cell of an imported set: what identifies it, and its median real time.
struct ImportedCell {
    std::string strategy;
    std::uint64_t file_size = 0;  // 0 = not stated (some articles do not give it)
    // Every parameter's value by the table's name, only those the strategy uses: as sfp::Cell's.
    decltype(sfp::Cell::parameters) parameters = {};
    std::optional<double> median_s;  // empty when no run of the cell succeeded
    std::size_t n = 0;               // timed runs behind the median
    std::vector<double> times;       // elapsed of each successful run (none in a reference set)

    std::string key() const;    // equal keys = the same cell on two machines
    std::string label() const;  // "stream block=4K threads=2 size=640000000 packing=1000"
};

struct ResultSet {
    QString path;
    std::string algorithm;
    std::string cache;                           // "hot", "cold", ... ("" when the set does not say)
    std::map<std::string, std::string> options;  // the experiment's fixed options (shift, scope...)
    std::string machine;                         // one line: the CPU, cores, memory and OS as the set states them
    std::string date;  // when it was measured (reference: the article's year; else measured_at, else the file's date)
    std::string citation;  // reference sets only: document, table or figure
    std::string note;      // reference sets only: how the article's numbers became medians
    // The medians are relative times (the set's "source": {"unit": "relative"}, or normalised):
    // drawn on a "relative (x = 1)" axis, never as seconds.
    bool relative = false;
    std::vector<ImportedCell> cells;

    std::string name() const;  // for a legend: "machine, date"
};

// What two result sets must share to be set side by side, and what they may differ in but must
// say so: one rule for `sfpbench diff`, `sfpbench report A B` and the window.
struct SetTraits {
    std::string algorithm;  // must be the same
    std::string cache;      // "hot", "cold", ... ("" when not stated)
    std::map<std::string, std::string> options;
};
SetTraits traits_of(const ResultSet& set);
SetTraits traits_of(const sfp::ExperimentReport& report);
// Throws ImportError naming `b_path` when B holds results of another algorithm than A.
void check_comparable(const SetTraits& a, const SetTraits& b, const QString& b_path);
// One line per difference a reader must know, naming the sets: "A ran in hot cache and B in cold
// cache: their times measure different things".
QStringList comparison_notes(const SetTraits& a, const SetTraits& b, const QString& a_name, const QString& b_name);

// Reads a report. Refuses (ImportError naming the file) what is not JSON, not a report, of
// another format version, or -- when `algorithm` is given -- of another algorithm.
ResultSet import_report(const QString& path, const std::string& algorithm = {});
ResultSet import_report_text(const QByteArray& text, const QString& path, const std::string& algorithm = {});

// A set made from a report in memory (the window's live run, a report beside another), as
// import_report would read it back from the report's JSON.
ResultSet result_set(const sfp::ExperimentReport& report, const QString& path);

// The two sets cell by cell: ratio = B's median / A's (above 1: A is faster).
struct CellPair {
    const ImportedCell* a = nullptr;
    const ImportedCell* b = nullptr;
    std::optional<double> ratio() const;
    // B against A (sfp/comparison.hpp): from both cells' runs (two experiments: unpaired), or
    // the ratio of the medians alone when a set records no runs.
    sfp::Comparison comparison() const;
};
// The geometric mean over the pairs with a ratio: of A's medians, of B's, and of B/A.
struct GeoMean {
    std::size_t cells = 0;
    double a = 0, b = 0, ratio = 0;
};
GeoMean geometric_means(const std::vector<CellPair>& pairs);
struct Comparison {
    std::vector<CellPair> both;  // in A's order
    std::vector<const ImportedCell*> only_a, only_b;
};
Comparison compare_sets(const ResultSet& a, const ResultSet& b);

// Each time divided by the set's fastest of the same file size (so shapes from other machines and
// decades compare; compMP's 5 GB and 640 MB times are never divided by one another).
ResultSet normalised_to_fastest(ResultSet set);

}  // namespace core
