#pragma once
// Whole files written all-or-nothing: a reader never sees a half-written export or spec.
#include <QByteArray>
#include <QString>
#include <stdexcept>

namespace core {

// Thrown when a file cannot be written; the message names the path and the reason.
struct ExportError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Writes `data` to a temporary file beside `path`, flushes it to disk and renames it into place
// (sfp::write_file_atomically: every step checked, so a full disk keeps the previous file).
// On failure the target is untouched, the temporary file is gone, and ExportError is thrown.
void write_atomically(const QString& path, const QByteArray& data);
void write_atomically(const std::string& path_bytes, const QByteArray& data);  // a path as bytes

}  // namespace core
