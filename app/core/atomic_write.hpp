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

// Writes `data` to a temporary file beside `path` and renames it into place (QSaveFile).
// On failure the target is untouched, the temporary file is gone, and ExportError is thrown.
void write_atomically(const QString& path, const QByteArray& data);

}  // namespace core
