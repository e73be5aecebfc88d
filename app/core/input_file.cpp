#include "input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QFile>
#include <cerrno>
#include <cstring>
#include <new>

#include "sfp/failure.hpp"

namespace core {
namespace {

[[noreturn]] void os_error(int err) { throw InputFileError(std::string("cannot read: ") + std::strerror(err)); }

[[noreturn]] void too_large(qint64 size, qint64 max_bytes, const char* what) {
    throw InputFileError(QStringLiteral("it is %1 bytes, over the %2 MiB %3 may have")
                             .arg(size)
                             .arg(max_bytes >> 20)
                             .arg(QLatin1String(what))
                             .toStdString());
}

struct Descriptor {
    int fd;
    ~Descriptor() { ::close(fd); }
};

QByteArray read_resource(const QString& path, qint64 max_bytes, const char* what) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) throw InputFileError("cannot read: " + file.errorString().toStdString());
    if (file.size() > max_bytes) too_large(file.size(), max_bytes, what);
    return file.readAll();
}

}  // namespace

QByteArray read_input_file(const QString& path, qint64 max_bytes, const char* what) {
    if (path.startsWith(QLatin1String(":/"))) return read_resource(path, max_bytes, what);
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) os_error(errno);
    const Descriptor closer{fd};
    struct stat st {};
    if (fstat(fd, &st) != 0) os_error(errno);
    if (!S_ISREG(st.st_mode)) throw InputFileError(std::string("it is ") + sfp::file_kind(st.st_mode));
    if (st.st_size > max_bytes) too_large(st.st_size, max_bytes, what);
    try {
        QByteArray data(qsizetype(st.st_size) + 1, Qt::Uninitialized);  // one more: a file that grew shows it
        qsizetype got = 0;
        while (got < data.size()) {
            const ssize_t n = ::read(fd, data.data() + got, std::size_t(data.size() - got));
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) os_error(errno);
            if (n == 0) break;
            got += n;
        }
        if (got > st.st_size) throw InputFileError("it grew while it was read");
        data.truncate(got);
        return data;
    } catch (const std::bad_alloc&) {
        throw InputFileError(QStringLiteral("not enough memory to read its %1 bytes").arg(st.st_size).toStdString());
    }
}

}  // namespace core
