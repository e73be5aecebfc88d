#include "cell_text.hpp"

#include <QObject>
#include <QStringList>
#include <map>
#include <set>

#include "sfp/datagen.hpp"

namespace gui {

QString size_text(std::uint64_t bytes) { return QString::fromStdString(sfp::format_size(bytes)); }

QString block_text(std::uint64_t block_size) { return QString::fromStdString(sfp::block_text(block_size)); }
QString threads_text(unsigned threads) { return QString::fromStdString(sfp::threads_text(threads)); }

QString runs_text(std::size_t n) {
    return n == 1 ? QObject::tr("1 run") : QObject::tr("%1 runs").arg(n);
}

QString strategy_text(const sfp::Cell& cell) {
    QString text = QString::fromStdString(cell.strategy);
    for (const auto& [name, value] : cell.swept) text += QStringLiteral(" %1=%2").arg(QString::fromStdString(name)).arg(value);
    return text;
}

QString cell_words(const sfp::Cell& cell, const Varying& parts) {
    QStringList words{QString::fromStdString(cell.strategy)};
    if (parts.block && cell.block_size) words << QObject::tr("%1 blocks").arg(size_text(cell.block_size));
    if (parts.threads && cell.threads)
        words << (cell.threads == 1 ? QObject::tr("1 thread") : QObject::tr("%1 threads").arg(cell.threads));
    if (parts.size) words << QObject::tr("%1 file").arg(size_text(cell.file_size));
    if (parts.swept)
        for (const auto& [name, value] : cell.swept) words << QStringLiteral("%1 %2").arg(QString::fromStdString(name)).arg(value);
    return words.join(QStringLiteral(", "));
}

Varying varying(const std::vector<sfp::Cell>& cells) {
    // A parameter varies when cells that use it (non-zero) disagree about it.
    std::set<std::string> strategies;
    std::set<std::uint64_t> blocks, threads, sizes;
    std::set<std::map<std::string, std::uint64_t>> swept;
    for (const sfp::Cell& c : cells) {
        strategies.insert(c.strategy);
        if (!c.swept.empty()) swept.insert(c.swept);
        if (c.block_size) blocks.insert(c.block_size);
        if (c.threads) threads.insert(c.threads);
        sizes.insert(c.file_size);
    }
    return {strategies.size() > 1, blocks.size() > 1, threads.size() > 1, sizes.size() > 1, swept.size() > 1};
}

QString short_label(const sfp::Cell& cell, const Varying& what) {
    QStringList parts;
    if (what.strategy || !(what.block || what.threads || what.size || what.swept))
        parts << QString::fromStdString(cell.strategy);
    if (what.block && cell.block_size) parts << size_text(cell.block_size);
    if (what.threads && cell.threads) parts << QStringLiteral("×%1").arg(cell.threads);
    if (what.size) parts << QStringLiteral("@%1").arg(size_text(cell.file_size));
    if (what.swept)
        for (const auto& [name, value] : cell.swept) parts << QStringLiteral("%1=%2").arg(QString::fromStdString(name)).arg(value);
    return parts.join(QLatin1Char(' '));
}

}  // namespace gui
