#include "table_parameters.hpp"

#include "parameter_columns.hpp"

namespace gui {

TableParameters::TableParameters() : parameters_(core::leading_parameters()) {}

void TableParameters::setCells(const std::vector<sfp::Cell>& cells) { parameters_ = core::parameters_of_cells(cells); }

QString TableParameters::header(int i) const {
    const sfp::Parameter& p = *parameters_.at(std::size_t(i));
    const std::string_view word = sfp::label_word(p);  // "block", as in labels
    return QString::fromUtf8(word.data(), qsizetype(word.size())).replace('_', ' ');
}

QString TableParameters::text(const sfp::Cell& cell, int i) const {
    return QString::fromStdString(sfp::parameter_text(cell, *parameters_.at(std::size_t(i))));
}

QVariant TableParameters::sortKey(const sfp::Cell& cell, int i) const {
    return qlonglong(sfp::parameter_value(cell, *parameters_.at(std::size_t(i))).value_or(-1));
}

}  // namespace gui
