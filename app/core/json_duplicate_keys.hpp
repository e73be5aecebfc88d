#pragma once
// JSON allows a key twice in an object and Qt's reader keeps the last silently: a hand-edited
// experiment file with "repetitions" twice would run the one the user did not mean.
#include <QByteArray>
#include <QString>
#include <optional>

namespace core {

struct DuplicateKey {
    QString field;     // "sweeps.threads": the enclosing objects' keys and the key
    qsizetype offset;  // of its second occurrence, in bytes
};

// The first key given twice in one object of `json` (already known to be valid JSON).
std::optional<DuplicateKey> first_duplicate_key(const QByteArray& json);

}  // namespace core
