#pragma once
// A small RFC 4180 reader for the tests: written from the RFC, independent of core/csv.cpp,
// so a quoting bug in the writer cannot hide behind the same bug in the reader.
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <stdexcept>
#include <vector>

namespace test {

// Records of `data`; every record must end in CRLF. Throws std::runtime_error on a violation.
inline std::vector<QStringList> read_csv(const QByteArray& data) {
    std::vector<QStringList> records;
    QStringList record;
    QByteArray field;
    qsizetype i = 0;
    const auto at = [&](qsizetype k) { return k < data.size() ? data[k] : '\0'; };
    while (i < data.size()) {
        if (at(i) == '"') {  // quoted field: "" is a quote, anything else literal until the closing quote
            ++i;
            for (;;) {
                if (i >= data.size()) throw std::runtime_error("unterminated quoted field");
                if (at(i) == '"' && at(i + 1) == '"') {
                    field += '"';
                    i += 2;
                } else if (at(i) == '"') {
                    ++i;
                    break;
                } else {
                    field += data[i++];
                }
            }
        } else {
            while (i < data.size() && at(i) != ',' && at(i) != '\r' && at(i) != '\n') {
                if (at(i) == '"') throw std::runtime_error("quote inside an unquoted field");
                field += data[i++];
            }
        }
        record << QString::fromUtf8(field);
        field.clear();
        if (at(i) == ',') {
            ++i;
        } else if (at(i) == '\r' && at(i + 1) == '\n') {
            i += 2;
            records.push_back(record);
            record.clear();
        } else {
            throw std::runtime_error("field not followed by a comma or CRLF at byte " + std::to_string(i));
        }
    }
    if (!record.isEmpty()) throw std::runtime_error("last record does not end in CRLF");
    return records;
}

}  // namespace test
