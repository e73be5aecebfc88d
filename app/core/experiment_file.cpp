#include "experiment_file.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>

#include "atomic_write.hpp"
#include "input_file.hpp"
#include "json_duplicate_keys.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/command.hpp"
#include "sfp/datagen.hpp"
#include "sfp/experiment.hpp"
#include "sfp/failure.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/parameter.hpp"
#include "sfp/preflight.hpp"
#include "sfp/registry.hpp"
#include "sfp/schedule.hpp"

namespace core {
namespace {

constexpr double kMaxExactJsonInteger = 9007199254740992.0;  // 2^53: doubles are exact below
constexpr qint64 kMaxFileBytes = 1 << 20;
// Every field of the format, in the order files list them.
const char* const kFields[] = {
    "version", "algorithm",  "inputs",           "data_kind", "sizes",   "strategies", "block_sizes",
    "threads", "parameters", "repetitions",      "warmups",   "cache",   "order",      "seed",
    "options", "workdir",    "limits_in_rounds", "timeline",  "commands"};

// In version 1 a swept option (sfp::swept_parameters) was a field of its own name: "packing": [1, 1000].
bool is_swept_field(const QString& key) {
    const auto swept = sfp::swept_parameters();
    return std::any_of(swept.begin(), swept.end(), [&](const sfp::Parameter* p) {
        return key == QLatin1String(p->name.data(), qsizetype(p->name.size()));
    });
}

std::string describe(const QJsonValue& v) {
    switch (v.type()) {
        case QJsonValue::Null: return "null";
        case QJsonValue::Bool: return v.toBool() ? "true" : "false";
        case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 17).toStdString();
        case QJsonValue::String: return "\"" + v.toString().toStdString() + "\"";
        case QJsonValue::Array: return "a list";
        case QJsonValue::Object: return "an object";
        case QJsonValue::Undefined: break;
    }
    return "nothing";
}

[[noreturn]] void wrong(const std::string& field, const std::string& expected, const QJsonValue& got) {
    throw SpecError(field, "expected " + expected + ", got " + describe(got));
}

std::string indexed(const std::string& field, qsizetype i) { return field + "[" + std::to_string(i) + "]"; }

// The problems of independent steps: a step that throws SpecError adds its problems and the
// reading goes on, so one reading names every bad field and value.
class Problems {
public:
    void add(std::string field, std::string reason) { list_.push_back({std::move(field), std::move(reason)}); }
    template <typename Step>
    void attempt(Step&& step) {
        try {
            step();
        } catch (const SpecError& e) {
            list_.insert(list_.end(), e.problems.begin(), e.problems.end());
        }
    }
    // The checks' problems, except for fields whose value could not be read: an unreadable list
    // reads as empty, and "needs at least one" would only repeat the reading's complaint.
    void add_new(const SpecError& checks) {
        const auto list_of = [](const std::string& field) { return field.substr(0, field.find('[')); };
        const std::vector<SpecProblem> read = list_;
        for (const SpecProblem& p : checks.problems)
            if (std::none_of(read.begin(), read.end(),
                             [&](const SpecProblem& r) { return list_of(r.field) == list_of(p.field); }))
                list_.push_back(p);
    }
    std::size_t size() const { return list_.size(); }
    void throw_if_any() const {
        if (!list_.empty()) throw SpecError(list_);
    }

private:
    std::vector<SpecProblem> list_;
};

// The readers: one JSON shape each, errors naming the field.
std::uint64_t whole_number(const QJsonValue& v, const std::string& field, const std::string& expected) {
    if (v.isDouble()) {
        const double d = v.toDouble();
        // 2^53 itself may be 2^53 + 1 rounded by the JSON reader: from there on, only text is exact.
        if (d >= 0 && d < kMaxExactJsonInteger && d == std::floor(d)) return std::uint64_t(d);
        if (d >= kMaxExactJsonInteger)
            throw SpecError(field,
                            "a number from 2^53 (9007199254740992) on is rounded by every JSON reader, so "
                            "it may not be the one written; write it as a string (\"9007199254740993\")");
    } else if (v.isString()) {
        bool ok = false;
        const qulonglong n = v.toString().toULongLong(&ok);
        if (ok) return n;
    }
    wrong(field, expected, v);
}

std::uint64_t size_of(const QJsonValue& v, const std::string& field) {
    static const std::string expected = "a size like 4K, 64M or 640000000";
    if (!v.isString()) return whole_number(v, field, expected);
    try {
        return sfp::parse_size(v.toString().toStdString());
    } catch (const sfp::Failure&) {
        wrong(field, expected, v);
    }
}

// A whole number no larger than `max`; `expected` says what it is and its range.
std::uint64_t bounded(const QJsonValue& v, const std::string& field, const std::string& expected, std::uint64_t max) {
    const std::uint64_t n = whole_number(v, field, expected);
    if (n > max) wrong(field, expected, v);
    return n;
}

std::string text_of(const QJsonValue& v, const std::string& field) {
    if (!v.isString()) wrong(field, "a string", v);
    // a path is cut at a NUL ("a\u0000b" would open "a"): no path, name or option holds one
    if (v.toString().contains(QChar(0)))
        throw SpecError(field, "holds a NUL character (\\u0000), which no path or name can");
    return v.toString().toStdString();
}

QJsonArray list_of(const QJsonValue& v, const std::string& field) {
    if (!v.isArray()) wrong(field, "a list [ ... ]", v);
    return v.toArray();
}

template <typename Read>
auto each(const QJsonValue& v, const std::string& field, Read read) {
    const QJsonArray list = list_of(v, field);
    std::vector<decltype(read(QJsonValue(), std::string()))> out;
    Problems problems;
    for (qsizetype i = 0; i < list.size(); ++i)
        problems.attempt([&] { out.push_back(read(list[i], indexed(field, i))); });
    problems.throw_if_any();
    return out;
}

template <typename Enum, std::size_t N>
Enum enum_of(const QJsonValue& v, const std::string& field, const Enum (&values)[N]) {
    std::string names;
    for (Enum e : values) {
        if (v.isString() && v.toString() == QLatin1String(sfp::to_string(e))) return e;
        names += (names.empty() ? "" : " or ") + std::string(sfp::to_string(e));
    }
    wrong(field, names, v);
}

std::map<std::string, std::string> options_of(const QJsonValue& v, const std::string& field) {
    if (!v.isObject()) wrong(field, "an object {\"name\": \"value\", ...}", v);
    std::map<std::string, std::string> out;
    Problems problems;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::string key = field + "." + it.key().toStdString();
        if (it.value().isString())
            out[it.key().toStdString()] = it.value().toString().toStdString();
        else if (it.value().isDouble())
            out[it.key().toStdString()] = QString::number(it.value().toDouble(), 'g', 17).toStdString();
        else if (it.value().isBool())
            out[it.key().toStdString()] = it.value().toBool() ? "true" : "false";
        else
            problems.attempt([&] { wrong(key, "a string, number or true/false", it.value()); });
    }
    problems.throw_if_any();
    return out;
}

// {"name": "dd", "template": "dd if={input} ...", "output": "none"}; "output" absent: the algorithm's check.
sfp::Command command_of(const QJsonValue& v, const std::string& field) {
    if (!v.isObject()) wrong(field, "an object {\"name\": ..., \"template\": ...}", v);
    const QJsonObject o = v.toObject();
    sfp::Command c;
    Problems problems;
    for (auto it = o.begin(); it != o.end(); ++it)
        if (it.key() != "name" && it.key() != "template" && it.key() != "output")
            problems.add(field + "." + it.key().toStdString(), "unknown field (name, template or output)");
    problems.attempt([&] { c.name = text_of(o["name"], field + ".name"); });
    problems.attempt([&] { c.line = text_of(o["template"], field + ".template"); });
    if (o.contains("output"))
        problems.attempt([&] {
            const auto check = sfp::command_check_named(text_of(o["output"], field + ".output"));
            if (!check) wrong(field + ".output", std::string(sfp::kCommandCheckNames), o["output"]);
            c.check = *check;
        });
    problems.throw_if_any();
    return c;
}

QJsonArray commands_json(const std::vector<sfp::Command>& commands) {
    QJsonArray out;
    for (const sfp::Command& c : commands) {
        QJsonObject o{{"name", QString::fromStdString(c.name)}, {"template", QString::fromStdString(c.line)}};
        if (c.check != sfp::CommandCheck::automatic) o["output"] = sfp::to_string(c.check);
        out.append(o);
    }
    return out;
}

// What judges an experiment that was read: the engine's validator, or sfp::plan, which judges
// and plans at once (run FILE.json judges its experiment once).
using Judge = std::function<std::vector<sfp::Problem>(const sfp::Experiment&)>;
std::vector<sfp::Problem> validator(const sfp::Experiment& e) { return sfp::check_experiment(e); }

// `judge`'s problems as SpecError; swept parameters named with `sweeps_prefix` as the file spells
// them (version 1 had none: "packing[0]").
void check_experiment(const sfp::Experiment& e, const std::string& sweeps_prefix, const Judge& judge = validator) {
    if (e.version != kExperimentFormatVersion)
        throw SpecError("version", "this sfpbench builds version " + std::to_string(kExperimentFormatVersion));
    std::vector<SpecProblem> problems;
    for (sfp::Problem& p : judge(e)) {
        if (p.field.starts_with(sfp::kSweptField)) p.field = sweeps_prefix + p.field.substr(sfp::kSweptField.size());
        problems.push_back({std::move(p.field), std::move(p.message)});
    }
    if (!problems.empty()) throw SpecError(problems);
}

// A known algorithm, or nothing else can be read: its table says what the other fields mean.
// Looked up, not judged: the whole experiment is judged once, when it has been read.
void check_algorithm(const sfp::Experiment& e) {
    if (!sfp::algorithm_io(e.algorithm)) throw SpecError("algorithm", sfp::unknown_algorithm(e.algorithm));
}

const std::string kSweepsPrefix(sfp::kSweptField);  // where version 2 keeps the swept parameters

// "64M" or "512" where that is short; a plain number otherwise (640000000, not "625000K").
QJsonValue size_json(std::uint64_t bytes) {
    const std::string text = sfp::format_size(bytes);
    if (text.size() <= 5 || double(bytes) >= kMaxExactJsonInteger) return QString::fromStdString(text);
    return double(bytes);
}

QJsonArray size_list(const std::vector<std::uint64_t>& sizes) {
    QJsonArray out;
    for (std::uint64_t s : sizes) out.append(size_json(s));
    return out;
}

QJsonArray text_list(const std::vector<std::string>& texts) {
    QJsonArray out;
    for (const std::string& t : texts) out.append(QString::fromStdString(t));
    return out;
}

// The swept parameters without a list field of their own as the table writes their values:
// {"packing": [1, 1000]}, a choice by its name, a size as "64K".
QJsonObject parameters_json(const sfp::Experiment& e) {
    QJsonObject out;
    for (const auto& [name, values] : e.sweeps) {
        const sfp::Parameter* p = sfp::find_parameter(e.algorithm, name);
        if (p && !p->list_field.empty()) continue;
        QJsonArray list;
        for (std::uint64_t v : values) {
            if (p && p->type == sfp::ParameterType::size)
                list.append(size_json(v));
            else if (p && p->type == sfp::ParameterType::choice)
                list.append(QString::fromStdString(sfp::value_text(*p, std::int64_t(v))));
            else
                list.append(double(v));
        }
        out[QString::fromStdString(name)] = list;
    }
    return out;
}

// A value of parameter `p` by its type (a choice or flag by name); its limits are the
// validator's to judge, as for every front end. Null: one the algorithm does not declare.
std::uint64_t parameter_of_json(const QJsonValue& item, const std::string& field, const sfp::Parameter* p) {
    if (p && p->type == sfp::ParameterType::size) return size_of(item, field);
    const bool by_name = p && (p->type == sfp::ParameterType::choice || p->type == sfp::ParameterType::flag);
    if (!by_name || !item.isString()) return whole_number(item, field, "a whole number");
    const sfp::ParsedValue parsed = sfp::parse_value(*p, item.toString().toStdString());
    if (!parsed.error.empty()) throw SpecError(field, parsed.error);
    return std::uint64_t(parsed.value);
}

// Each name's values read by its parameter's type; a name the algorithm does not declare is
// refused (check_experiment) listing the ones it has. Names whose values cannot all be read
// are left out, their problems added.
std::map<std::string, std::vector<std::uint64_t>> parameters_of_json(const QJsonValue& v, const std::string& algorithm,
                                                                     Problems& problems) {
    std::map<std::string, std::vector<std::uint64_t>> out;
    if (!v.isObject()) {
        problems.attempt([&] { wrong("parameters", "an object {\"name\": [values], ...}", v); });
        return out;
    }
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::string name = it.key().toStdString(), field = "parameters." + name;
        const sfp::Parameter* p = sfp::find_parameter(algorithm, name);
        if (p && !p->list_field.empty()) {  // block size, threads: "block_sizes": [...]
            problems.add(field, "is given as the field '" + std::string(p->list_field) + "'");
            continue;
        }
        problems.attempt([&] {
            out[name] = each(it.value(), field, [&](const QJsonValue& item, const std::string& f) {
                return parameter_of_json(item, f, p);
            });
        });
    }
    return out;
}

std::string document_position(const QByteArray& data, qsizetype offset) {
    const QByteArray before = data.left(offset);
    const qsizetype line = before.count('\n') + 1;
    const qsizetype column = offset - (before.lastIndexOf('\n') + 1) + 1;
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

namespace {

std::string problem_text(const SpecProblem& p) {
    return p.field.empty() ? p.reason : "field '" + p.field + "': " + p.reason;
}

std::string spec_error_text(const std::vector<SpecProblem>& problems, const std::string& path) {
    std::string text = path.empty() ? "" : "experiment '" + path + "': ";
    if (problems.size() == 1) return text + problem_text(problems.front());
    text += std::to_string(problems.size()) + " problems:";
    for (const SpecProblem& p : problems) text += "\n  " + problem_text(p);
    return text;
}

}  // namespace

SpecError::SpecError(std::string field_, std::string reason_, const std::string& path)
    : SpecError(std::vector<SpecProblem>{{std::move(field_), std::move(reason_)}}, path) {}

SpecError::SpecError(std::vector<SpecProblem> problems_, const std::string& path)
    : std::runtime_error(spec_error_text(problems_, path)), field(problems_.front().field),
      reason(problems_.front().reason), problems(std::move(problems_)) {}

std::string default_data_kind(const std::string& algorithm) {
    const sfp::AlgorithmIo* io = sfp::algorithm_io(algorithm);
    return io ? std::string(io->data_kind) : std::string();
}

QJsonObject experiment_to_json(const sfp::Experiment& e) {
    QJsonObject options;
    for (const auto& [key, value] : e.options) options[QString::fromStdString(key)] = QString::fromStdString(value);
    QJsonArray threads;
    for (std::uint64_t t : sfp::swept_values(e, sfp::kThreadsParameter)) threads.append(qint64(t));
    QJsonObject json{
        {"version", kExperimentFormatVersion},
        {"algorithm", QString::fromStdString(e.algorithm)},
        {"strategies", text_list(e.strategies)},
        {"block_sizes", size_list(sfp::swept_values(e, sfp::kBlockSizeParameter))},
        {"threads", threads},
        {"repetitions", int(e.repetitions)},
        {"warmups", int(e.warmups)},
        {"cache", sfp::to_string(e.cache)},
        {"order", sfp::to_string(e.order)},
        {"options", options},
        {"workdir", QString::fromStdString(e.workdir)},
    };
    // Seeds beyond 2^53 would lose bits as JSON numbers; they are written as strings.
    if (double(e.seed) < kMaxExactJsonInteger)
        json["seed"] = double(e.seed);
    else
        json["seed"] = QString::number(e.seed);
    json["parameters"] = parameters_json(e);
    if (e.limits_in_rounds) json["limits_in_rounds"] = true;  // absent = false: files written before read the same
    if (e.timeline) json["timeline"] = true;                  // the same
    if (!e.commands.empty()) json["commands"] = commands_json(e.commands);
    if (!e.inputs.empty()) {
        json["inputs"] = text_list(e.inputs);
    } else {
        json["data_kind"] = QString::fromStdString(e.data_kind);
        json["sizes"] = size_list(e.sizes);
    }
    return json;
}

QByteArray experiment_text(const sfp::Experiment& experiment) {
    const QJsonObject json = experiment_to_json(experiment);
    QByteArray text = "{\n";
    for (const char* field : kFields) {
        if (!json.contains(QLatin1String(field))) continue;
        // A one-element array prints compactly; its brackets are cut off to leave the value.
        const QByteArray value =
            QJsonDocument(QJsonArray{json[field]}).toJson(QJsonDocument::Compact).chopped(1).mid(1);
        text += QByteArray(text.size() > 2 ? ",\n" : "") + "  \"" + field + "\": " + value;
    }
    return text + "\n}\n";
}

namespace {

// The format version, refused outside the versions this build reads.
std::uint64_t format_version(const QJsonObject& json) {
    if (!json.contains(QLatin1String("version"))) throw SpecError("version", "missing");
    const QJsonValue version_value = json["version"];
    const std::uint64_t version = whole_number(version_value, "version", "the number 1 or 2");
    if (version < std::uint64_t(kOldestExperimentFormatVersion) || version > std::uint64_t(kExperimentFormatVersion))
        throw SpecError("version", "this sfpbench reads versions " + std::to_string(kOldestExperimentFormatVersion) +
                                       " to " + std::to_string(kExperimentFormatVersion) + ", the file is version " +
                                       describe(version_value));
    return version;
}

void refuse_unknown_fields(const QJsonObject& json, std::uint64_t version, Problems& problems) {
    for (auto it = json.begin(); it != json.end(); ++it) {
        const bool fixed = std::find_if(std::begin(kFields), std::end(kFields), [&](const char* f) {
                               return it.key() == QLatin1String(f);
                           }) != std::end(kFields);
        const bool old_swept = version == 1 && is_swept_field(it.key());
        if ((!fixed && !old_swept) || (version == 1 && it.key() == "parameters"))
            problems.add(it.key().toStdString(), "unknown field (see docs/experiment-format.md)");
    }
}

// Each field on its own, so every bad one is named.
void read_fields(const QJsonObject& json, sfp::Experiment& e, Problems& problems) {
    const auto read = [&](const char* field, auto assign) {
        if (json.contains(QLatin1String(field))) problems.attempt([&] { assign(json[field], std::string(field)); });
    };
    read("strategies", [&](const QJsonValue& v, const std::string& f) { e.strategies = each(v, f, text_of); });
    read("inputs", [&](const QJsonValue& v, const std::string& f) { e.inputs = each(v, f, text_of); });
    read("data_kind", [&](const QJsonValue& v, const std::string& f) { e.data_kind = text_of(v, f); });
    if (!json.contains("data_kind") && json.contains("sizes")) e.data_kind = default_data_kind(e.algorithm);
    read("sizes", [&](const QJsonValue& v, const std::string& f) { e.sizes = each(v, f, size_of); });
    read("block_sizes", [&](const QJsonValue& v, const std::string& f) {
        e.sweeps["block_size"] = each(v, f, [](const QJsonValue& item, const std::string& at) {
            return parameter_of_json(item, at, &sfp::kBlockSizeParameter);
        });
    });
    read("threads", [&](const QJsonValue& v, const std::string& f) {
        e.sweeps["threads"] = each(v, f, [](const QJsonValue& item, const std::string& at) {
            return std::uint64_t(unsigned(bounded(item, at, "a whole number (0 = all online CPUs)", UINT_MAX)));
        });
    });
    const std::string count = "a whole number";
    read("repetitions",
         [&](const QJsonValue& v, const std::string& f) { e.repetitions = unsigned(bounded(v, f, count, UINT_MAX)); });
    read("warmups",
         [&](const QJsonValue& v, const std::string& f) { e.warmups = unsigned(bounded(v, f, count, UINT_MAX)); });
    static const sfp::CacheMode caches[] = {sfp::CacheMode::hot, sfp::CacheMode::hot_written, sfp::CacheMode::cold};
    static const sfp::Order orders[] = {sfp::Order::interleaved, sfp::Order::sequential};
    read("cache", [&](const QJsonValue& v, const std::string& f) { e.cache = enum_of(v, f, caches); });
    read("order", [&](const QJsonValue& v, const std::string& f) { e.order = enum_of(v, f, orders); });
    read("seed", [&](const QJsonValue& v, const std::string& f) { e.seed = whole_number(v, f, "a whole number"); });
    read("options", [&](const QJsonValue& v, const std::string& f) { e.options = options_of(v, f); });
    read("workdir", [&](const QJsonValue& v, const std::string& f) { e.workdir = text_of(v, f); });
    read("commands", [&](const QJsonValue& v, const std::string& f) { e.commands = each(v, f, command_of); });
    read("limits_in_rounds", [&](const QJsonValue& v, const std::string& f) {
        if (!v.isBool()) wrong(f, "true or false", v);
        e.limits_in_rounds = v.toBool();
    });
    read("timeline", [&](const QJsonValue& v, const std::string& f) {
        if (!v.isBool()) wrong(f, "true or false", v);
        e.timeline = v.toBool();
    });
}

// The swept parameters: version 1 has a field each, version 2 their table under "parameters".
void read_sweeps(const QJsonObject& json, std::uint64_t version, sfp::Experiment& e, Problems& problems) {
    if (version == 1) {
        for (auto it = json.begin(); it != json.end(); ++it)
            if (is_swept_field(it.key())) {
                const std::string name = it.key().toStdString();
                problems.attempt([&] {
                    e.sweeps[name] = each(it.value(), name, [](const QJsonValue& v, const std::string& f) {
                        return whole_number(v, f, "a whole number");
                    });
                });
            }
    } else {
        if (json.contains("parameters"))
            for (auto& [name, values] : parameters_of_json(json["parameters"], e.algorithm, problems))
                e.sweeps[name] = std::move(values);
    }
}

// The experiment `json` describes, judged by `judge` when all of it could be read (else by the
// validator, to name every problem at once).
sfp::Experiment read_json(const QJsonObject& json, const Judge& judge) {
    const std::uint64_t version = format_version(json);
    Problems problems;
    refuse_unknown_fields(json, version, problems);
    sfp::Experiment e;
    // The algorithm's table says what the other fields mean: without it, nothing more is read.
    const std::size_t before_algorithm = problems.size();
    if (!json.contains(QLatin1String("algorithm")))
        problems.add("algorithm", "missing");
    else
        problems.attempt([&] { e.algorithm = text_of(json["algorithm"], "algorithm"); });
    if (problems.size() == before_algorithm) problems.attempt([&] { check_algorithm(e); });
    if (problems.size() != before_algorithm) problems.throw_if_any();

    read_fields(json, e, problems);
    read_sweeps(json, version, e, problems);
    // Then the checks on what could be read.
    try {
        check_experiment(e, version == 1 ? "" : kSweepsPrefix, problems.size() == 0 ? judge : validator);
    } catch (const SpecError& checks) {
        problems.add_new(checks);
    }
    problems.throw_if_any();
    return e;
}

// The experiment of the file at `path`, judged by `judge`; throws SpecError naming the file.
sfp::Experiment read_file(const QString& path, const Judge& judge) {
    const std::string shown = path.toStdString();
    QByteArray data;
    try {  // a FIFO would block the open, a device never end: read as every input is (input_file.hpp)
        data = read_input_file(path, kMaxFileBytes, "an experiment file");
    } catch (const InputFileError& e) {
        throw SpecError("", e.what(), shown);
    }
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(data, &error);
    if (error.error != QJsonParseError::NoError)
        throw SpecError(
            "", "not valid JSON at " + document_position(data, error.offset) + ": " + error.errorString().toStdString(),
            shown);
    if (!doc.isObject()) throw SpecError("", "expected a JSON object { ... } at the top", shown);
    if (const std::optional<DuplicateKey> twice = first_duplicate_key(data))
        throw SpecError(twice->field.toStdString(),
                        "given twice (again at " + document_position(data, twice->offset) +
                            "); JSON would keep only the last silently: remove one",
                        shown);
    try {
        return read_json(doc.object(), judge);
    } catch (const SpecError& e) {
        throw SpecError(e.problems, shown);
    }
}

}  // namespace

sfp::Experiment experiment_from_json(const QJsonObject& json) { return read_json(json, validator); }

void check_experiment(const sfp::Experiment& e) { check_experiment(e, kSweepsPrefix); }

sfp::Experiment load_experiment(const QString& path) { return read_file(path, validator); }

PlannedExperiment plan_experiment_file(const QString& path) {
    PlannedExperiment planned;
    planned.experiment = read_file(path, [&](const sfp::Experiment& e) {
        planned.outcome = sfp::plan(e);
        const auto& problems = planned.outcome.problems;
        return std::vector<sfp::Problem>(problems.begin(), problems.begin() + long(planned.outcome.spec_problems));
    });
    return planned;
}

void save_experiment(const QString& path, const sfp::Experiment& experiment) {
    write_atomically(path, experiment_text(experiment));
}

}  // namespace core
