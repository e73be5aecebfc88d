#include "csv.hpp"

namespace core {

QByteArray csv_field(const QString& field) {
    QByteArray bytes = field.toUtf8();
    const bool needs_quotes =
        bytes.contains(',') || bytes.contains('"') || bytes.contains('\n') || bytes.contains('\r');
    if (!needs_quotes) return bytes;
    bytes.replace("\"", "\"\"");
    return '"' + bytes + '"';
}

QByteArray csv_row(const QStringList& fields) {
    QByteArray row;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i) row += ',';
        row += csv_field(fields[i]);
    }
    return row + "\r\n";
}

}  // namespace core
