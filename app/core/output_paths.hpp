#pragma once
// The files an export must never replace, and the check every output gets before any work:
// not a directory, in a directory that exists and can be written, and not a file already
// taken -- an input, the experiment file, an imported report, or another output (by its
// absolute and its resolved path, so a symlink or `./` does not slip past). The CLI's `run`
// and `report`, the window's exports and `sfpbench-gui --headless` share it.
#include <QSet>
#include <QString>
#include <string>

namespace core {

class OutputPaths {
public:
    // A file that is read, never written: an input, the experiment file, an imported set.
    void protect(const QString& path);
    // "" when `path` may be written as the output `what` names ("--csv", "the export"), and
    // it is then taken; else one sentence saying why not. `bytes` is the path as the OS gets
    // it (the CLI keeps non-UTF-8 names as bytes); empty = the path's local encoding.
    QString claim(const QString& what, const QString& path, const std::string& bytes = {});

private:
    QSet<QString> taken_;
};

}  // namespace core
