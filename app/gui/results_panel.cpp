#include "results_panel.hpp"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QScrollBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <map>
#include <set>

#include "summary_text.hpp"

namespace gui {
namespace {

constexpr int kFitRows = 30;
constexpr int kFitDelayMs = 200;

}  // namespace

ResultsPanel::ResultsPanel(QWidget* parent) : QWidget(parent) {
    runs_proxy_ = new QSortFilterProxyModel(this);
    stats_proxy_ = new QSortFilterProxyModel(this);
    tabs_ = new QTabWidget(this);
    runs_view_ = makeView(&runs_, runs_proxy_);
    stats_view_ = makeView(&stats_, stats_proxy_);
    runs_view_->setObjectName(QStringLiteral("runsView"));
    connect(runs_view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const QModelIndex row = runs_proxy_->mapToSource(current);
                emit runPicked(row.isValid() ? std::optional<std::size_t>(std::size_t(row.row())) : std::nullopt);
            });
    stats_view_->setObjectName(QStringLiteral("statsView"));
    tabs_->addTab(stats_view_, tr("Statistics per cell"));
    tabs_->addTab(runs_view_, tr("Runs"));
    summary_ = new QPlainTextEdit(this);
    summary_->setObjectName(QStringLiteral("summary"));
    summary_->setReadOnly(true);
    summary_->setLineWrapMode(QPlainTextEdit::NoWrap);
    summary_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    tabs_->addTab(summary_, tr("Summary"));
    noise_ = new QDoubleSpinBox(this);
    noise_->setObjectName(QStringLiteral("noiseBand"));
    noise_->setRange(0, 50);
    noise_->setDecimals(1);
    noise_->setSingleStep(0.5);
    noise_->setPrefix(tr("~ within ±"));
    noise_->setSuffix(tr(" %"));
    noise_->setValue(sfp::kDefaultNoise * 100);
    noise_->setToolTip(
        tr("The noise band: a cell whose whole 95% interval of the ratio to the fastest lies within "
           "1 ± this is shown as ~ (no difference), as when p > 0.05"));
    tabs_->setCornerWidget(noise_);
    connect(noise_, &QDoubleSpinBox::valueChanged, this, [this](double percent) {
        stats_.setNoise(percent / 100);
        emit noiseChanged(percent / 100);
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(tabs_);
    fit_timer_.setSingleShot(true);
    fit_timer_.setInterval(kFitDelayMs);
    connect(&fit_timer_, &QTimer::timeout, this, &ResultsPanel::fitColumns);
}

QTableView* ResultsPanel::makeView(QAbstractItemModel* model, QSortFilterProxyModel* proxy) {
    proxy->setSourceModel(model);
    proxy->setSortRole(SortRole);
    auto* view = new QTableView(this);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(-1, Qt::AscendingOrder);  // the order they ran, until a header is clicked
    view->setSelectionBehavior(QAbstractItemView::SelectItems);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    // Columns fit their contents when results arrive, judged from the first rows only: fitting
    // to every row of a long experiment on every new run would stall the window.
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->horizontalHeader()->setResizeContentsPrecision(kFitRows);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* copy = new QAction(tr("Copy"), view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &ResultsPanel::copySelection);
    view->addAction(copy);
    return view;
}

void ResultsPanel::fitColumns() {
    fit_timer_.stop();
    runs_view_->resizeColumnsToContents();
    stats_view_->resizeColumnsToContents();
}

void ResultsPanel::begin(const sfp::ExperimentReport& empty) {
    runs_.setReport(empty);  // a view on it: the rows come as it grows
    stats_.setReport(empty);
    placeNamedColumns();
    summary_->clear();
    fitColumns();
}

void ResultsPanel::append(std::span<const sfp::RunUpdate> updates) {
    runs_.apply(updates);
    stats_.apply(updates);
    // The first values set the widths; a burst of runs costs one fit.
    if (runs_.rowCount() <= kFitRows && !fit_timer_.isActive()) fit_timer_.start();
}

void ResultsPanel::setReport(const sfp::ExperimentReport& report) {
    runs_.setReport(report);
    stats_.setReport(report);
    placeNamedColumns();
    summary_->setPlainText(report.runs.empty() ? QString() : core::summary_text(report));
    fitColumns();
}

void ResultsPanel::setNamedColumns(std::vector<core::NamedColumn> columns) {
    named_ = std::move(columns);
    placeNamedColumns();
    if (!named_.empty())
        tabs_->setCurrentWidget(named_.front().table == core::NamedColumn::runs ? runs_view_ : stats_view_);
}

void ResultsPanel::placeNamedColumns() {
    for (const auto& [view, table] :
         {std::pair{stats_view_, core::NamedColumn::statistics}, std::pair{runs_view_, core::NamedColumn::runs}}) {
        QHeaderView* header = view->horizontalHeader();
        const QAbstractItemModel* model = view->model();
        const auto logical = [&](const QString& name) {
            for (int c = 0; c < model->columnCount(); ++c)
                if (model->headerData(c, Qt::Horizontal).toString() == name) return c;
            return -1;
        };
        for (int c = 0; c < header->count(); ++c) header->moveSection(header->visualIndex(c), c);  // the model's order
        int at = header->visualIndex(std::max(0, logical(QStringLiteral("strategy")))) + 1;
        for (const core::NamedColumn& named : named_)
            if (const int c = logical(named.header); named.table == table && c >= 0)
                header->moveSection(header->visualIndex(c), at++);
    }
}

QString ResultsPanel::selectionText() const {
    const QTableView* view = qobject_cast<const QTableView*>(tabs_->currentWidget());
    if (!view || !view->selectionModel()) return {};
    const QModelIndexList picked = view->selectionModel()->selectedIndexes();
    if (picked.isEmpty()) return {};
    std::set<int> columns;
    std::map<int, std::map<int, QString>> rows;  // view row -> column -> text
    for (const QModelIndex& i : picked) {
        columns.insert(i.column());
        rows[i.row()][i.column()] = i.data(Qt::DisplayRole).toString();
    }
    QStringList lines;
    QStringList header;
    for (int c : columns) header << view->model()->headerData(c, Qt::Horizontal).toString();
    lines << header.join(QLatin1Char('\t'));
    for (const auto& [row, texts] : rows) {
        QStringList fields;
        for (int c : columns) fields << (texts.count(c) ? texts.at(c) : QString());
        lines << fields.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void ResultsPanel::setPresentation(bool on) {
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (on) fixed.setPointSizeF(fixed.pointSizeF() * 1.5);
    summary_->setFont(fixed);
    for (QTableView* view : {runs_view_, stats_view_}) {
        view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
        view->horizontalHeader()->setFont(font());
    }
    fitColumns();  // columns widen to fit: no "0...." in a cell
}

int ResultsPanel::heightForRows(int rows) const {
    const QTableView* view = stats_view_;
    return tabs_->tabBar()->sizeHint().height() + view->horizontalHeader()->sizeHint().height() +
           rows * view->verticalHeader()->defaultSectionSize() + view->horizontalScrollBar()->sizeHint().height() +
           2 * view->frameWidth() + 2 * tabs_->style()->pixelMetric(QStyle::PM_DefaultFrameWidth);
}

QString ResultsPanel::summaryText() const { return summary_->toPlainText(); }

double ResultsPanel::noise() const { return noise_->value() / 100; }
void ResultsPanel::setNoise(double noise) { noise_->setValue(noise * 100); }

void ResultsPanel::copySelection() const {
    const QString text = selectionText();
    if (!text.isEmpty()) QApplication::clipboard()->setText(text);
}

}  // namespace gui
