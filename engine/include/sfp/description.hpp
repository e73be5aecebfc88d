#pragma once
// How an outcome describes itself to the front ends: a small ordered tree, free of Qt, that the
// app turns into JSON (one generic function) without knowing which algorithm produced it.
#include <concepts>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace sfp {

struct Description {
    struct Field;
    using Object = std::vector<Field>;  // named fields, in the order given
    using Array = std::vector<Description>;
    enum class Kind { object, array, string, signed_integer, unsigned_integer, real, flag };

    // A tagged value rather than a std::variant: GCC 12 warns falsely (maybe-uninitialized) on
    // moving a recursive variant, and -Werror is on. Only the member `kind` names is set.
    Kind kind = Kind::object;
    Object fields;
    Array items;
    std::string text;
    std::int64_t signed_integer = 0;
    std::uint64_t unsigned_integer = 0;
    double real = 0;
    bool flag = false;

    Description() = default;
    Description(Object o) : fields(std::move(o)) {}
    Description(Array a) : kind(Kind::array), items(std::move(a)) {}
    Description(std::string s) : kind(Kind::string), text(std::move(s)) {}
    Description(const char* s) : kind(Kind::string), text(s) {}
    Description(double d) : kind(Kind::real), real(d) {}
    // Any integer: bool stays a flag, signed widens to int64, unsigned to uint64.
    template <std::integral I>
    Description(I i) {
        if constexpr (std::same_as<I, bool>)
            kind = Kind::flag, flag = i;
        else if constexpr (std::is_signed_v<I>)
            kind = Kind::signed_integer, signed_integer = i;
        else
            kind = Kind::unsigned_integer, unsigned_integer = i;
    }

    bool operator==(const Description&) const = default;
};

struct Description::Field {
    std::string name;
    Description value;
    bool operator==(const Field&) const = default;
};

// Sixteen lowercase hex digits: how outcomes show hashes (numbers that are names, not amounts).
std::string hex16(std::uint64_t value);

// A path, which is bytes, as fields of an object: `name` holds it as text; when the bytes are
// not valid UTF-8 (JSON text cannot hold them: they read as U+FFFD), `name`_base64 holds them
// exactly (RFC 4648 base64), so a reader gets the file's name back.
void add_path_fields(Description::Object& object, const std::string& name, const std::string& path);

// A list of paths (or texts that begin with one) the same way: `name` as text, and when any is not
// valid UTF-8, `name`_base64 with every entry's exact bytes, in the same order.
void add_paths_field(Description::Object& object, const std::string& name, const std::vector<std::string>& paths);

}  // namespace sfp
