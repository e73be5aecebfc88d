#include "output_paths.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "sfp/atomic_file.hpp"
#include "sfp/failure.hpp"

namespace core {

void OutputPaths::protect(const QString& path) {
    const QFileInfo info(path);
    taken_.insert(info.absoluteFilePath());
    if (info.exists()) taken_.insert(info.canonicalFilePath());
}

QString OutputPaths::claim(const QString& what, const QString& path, const std::string& bytes) {
    const QFileInfo info(path);
    if (info.isDir()) return QStringLiteral("%1 '%2' is a directory").arg(what, path);
    if (!info.absoluteDir().exists())
        return QStringLiteral("%1 '%2': directory '%3' does not exist").arg(what, path, info.absolutePath());
    const QString resolved = info.exists() ? info.canonicalFilePath() : info.absoluteFilePath();
    if (taken_.contains(resolved) || taken_.contains(info.absoluteFilePath()))
        return QStringLiteral("%1 '%2' would overwrite an input or another output").arg(what, path);
    try {
        sfp::probe_writable(bytes.empty() ? QFile::encodeName(path).toStdString() : bytes);
    } catch (const sfp::Failure& f) {
        return QStringLiteral("%1: %2").arg(what, QFile::decodeName(f.what()));
    }
    taken_.insert(resolved);
    taken_.insert(info.absoluteFilePath());
    return {};
}

}  // namespace core
