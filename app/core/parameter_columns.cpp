#include "parameter_columns.hpp"

#include <algorithm>

#include "report_format.hpp"
#include "sfp/cell.hpp"
#include "sfp/parameter.hpp"

namespace core {
namespace {

// Block size and threads (with list fields of their own) lead, every cell has their columns.
std::vector<const sfp::Parameter*> cell_parameters_where(bool leading) {
    std::vector<const sfp::Parameter*> out;
    for (const sfp::Parameter* p : sfp::cell_parameters())
        if (p->list_field.empty() != leading) out.push_back(p);
    return out;
}

bool named(const sfp::Parameter& p) {
    return p.type == sfp::ParameterType::choice || p.type == sfp::ParameterType::flag;
}

}  // namespace

std::vector<const sfp::Parameter*> leading_parameters() { return cell_parameters_where(true); }

std::vector<const sfp::Parameter*> trailing_parameters(const std::vector<sfp::Cell>& cells) {
    std::vector<const sfp::Parameter*> out;
    for (const sfp::Parameter* p : cell_parameters_where(false))
        if (std::any_of(cells.begin(), cells.end(),
                        [p](const sfp::Cell& c) { return sfp::parameter_value(c, *p).has_value(); }))
            out.push_back(p);
    return out;
}

std::vector<const sfp::Parameter*> parameters_of_cells(const std::vector<sfp::Cell>& cells) {
    std::vector<const sfp::Parameter*> out = leading_parameters();
    for (const sfp::Parameter* p : trailing_parameters(cells)) out.push_back(p);
    return out;
}

QStringList parameter_names(const std::vector<const sfp::Parameter*>& parameters) {
    QStringList names;
    for (const sfp::Parameter* p : parameters) names << QString::fromUtf8(p->name.data(), qsizetype(p->name.size()));
    return names;
}

QStringList parameter_fields(const sfp::Cell& cell, const std::vector<const sfp::Parameter*>& parameters) {
    QStringList fields;
    for (const sfp::Parameter* p : parameters) {
        const std::optional<std::int64_t> v = sfp::parameter_value(cell, *p);
        fields << (!v ? kNotUsed : named(*p) ? QString::fromStdString(sfp::value_text(*p, *v)) : QString::number(*v));
    }
    return fields;
}

QJsonValue parameter_json(const sfp::Cell& cell, const sfp::Parameter& parameter) {
    const std::optional<std::int64_t> v = sfp::parameter_value(cell, parameter);
    return v ? QJsonValue(qint64(*v)) : QJsonValue(QJsonValue::Null);
}

}  // namespace core
