#include "atomic_write.hpp"

#include <QFile>

#include "sfp/atomic_file.hpp"
#include "sfp/failure.hpp"

namespace core {

void write_atomically(const QString& path, const QByteArray& data) {
    write_atomically(QFile::encodeName(path).toStdString(), data);
}

void write_atomically(const std::string& path_bytes, const QByteArray& data) {
    try {
        sfp::write_file_atomically(path_bytes, std::string_view(data.constData(), std::size_t(data.size())));
    } catch (const sfp::Failure& e) {
        throw ExportError(e.what());
    }
}

}  // namespace core
