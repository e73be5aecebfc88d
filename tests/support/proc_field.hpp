#pragma once
// The number after "name: " at the start of a line of a /proc file (/proc/PID/io's rchar,
// /proc/timer_list's jiffies); nothing where the file cannot be read or has no such line.
#include <QByteArray>
#include <QFile>
#include <QString>
#include <cstdint>
#include <optional>

namespace testing {

inline std::optional<std::uint64_t> proc_field(const QString& path, const QByteArray& name) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return std::nullopt;  // a /proc file's size is 0: read it line by line
    const QByteArray prefix = name + ": ";
    for (QByteArray line = f.readLine(); !line.isEmpty(); line = f.readLine())
        if (line.startsWith(prefix)) return line.mid(prefix.size()).trimmed().toULongLong();
    return std::nullopt;
}

}  // namespace testing
