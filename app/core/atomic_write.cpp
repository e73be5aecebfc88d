#include "atomic_write.hpp"

#include <QFileInfo>
#include <QSaveFile>

namespace core {
namespace {

[[noreturn]] void fail(const QString& path, const QString& reason) {
    throw ExportError(QString("cannot write '%1': %2").arg(path, reason).toStdString());
}

}  // namespace

void write_atomically(const QString& path, const QByteArray& data) {
    // Checked first: a plainer message than the failed rename's, and no temporary file at all.
    if (QFileInfo(path).isDir()) fail(path, "it is a directory");
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) fail(path, file.errorString());
    if (file.write(data) != data.size()) {
        const QString reason = file.errorString();
        file.cancelWriting();  // the destructor then removes the temporary file
        fail(path, reason);
    }
    if (!file.commit()) fail(path, file.errorString());
}

}  // namespace core
