#pragma once
// Every file the front ends read as input (reports, reference sets, experiment files) is read
// here: opened without blocking (a FIFO can never hang the open), checked with fstat to be a
// regular file (a device such as /dev/zero never ends), and read whole up to a bound (a huge
// file never fills the memory). Qt resources (":/reference/...") are read through QFile.
#include <QByteArray>
#include <QString>
#include <stdexcept>

namespace core {

// Why the file cannot be read, without the path (the caller's error type names it):
// "it is a FIFO", "it is 6442450944 bytes, over the 256 MiB a report may have", "cannot read:
// Permission denied".
struct InputFileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The file's bytes; `what` names what it should be in the size message ("a report").
QByteArray read_input_file(const QString& path, qint64 max_bytes, const char* what);

}  // namespace core
