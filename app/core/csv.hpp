#pragma once
// RFC 4180 output: fields quoted when they hold a comma, quote or line break; CRLF row ends.
#include <QByteArray>
#include <QString>
#include <QStringList>

namespace core {

QByteArray csv_field(const QString& field);
QByteArray csv_row(const QStringList& fields);  // one record, ending in CRLF

}  // namespace core
