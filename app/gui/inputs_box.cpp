#include "inputs_box.hpp"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QToolButton>
#include <QVBoxLayout>

#include "cell_text.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/datagen.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/registry.hpp"
#include "value_toggles.hpp"

namespace gui {
namespace {

// "iterate": the algorithms whose input is a directory, by the engine's tables.
QString folderAlgorithms() {
    QStringList names;
    for (std::string_view algorithm : sfp::algorithms())
        if (const sfp::AlgorithmIo* io = sfp::algorithm_io(algorithm))
            if (const sfp::InputKind* kind = sfp::find_input_kind(io->data_kind); kind && kind->directory)
                names << QString::fromUtf8(algorithm.data(), qsizetype(algorithm.size()));
    return names.join(QStringLiteral(", "));
}

}  // namespace

InputsBox::InputsBox(QWidget* parent)
    : QGroupBox(tr("Input data"), parent), generated_(new QRadioButton(tr("&Generated"), this)),
      files_(new QRadioButton(tr("&Files"), this)) {
    // Two pages, one visible: a hidden page takes no room (a stacked widget would keep it).
    generated_page_ = makeGeneratedPage();
    files_page_ = makeFilesPage();
    auto* choice = new QHBoxLayout;
    choice->addWidget(generated_);
    choice->addWidget(files_);
    choice->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(choice);
    layout->addWidget(generated_page_);
    layout->addWidget(files_page_);
    generated_->setChecked(true);
    files_page_->hide();
    connect(generated_, &QRadioButton::toggled, this, [this](bool on) {
        generated_page_->setVisible(on);
        files_page_->setVisible(!on);
        emit changed();
    });
}

QWidget* InputsBox::makeGeneratedPage() {
    auto* page = new QWidget(this);
    kind_ = new QComboBox(page);
    for (const sfp::InputKind& k : sfp::input_kinds())  // the engine's table
        kind_->addItem(QString::fromUtf8(k.label.data(), qsizetype(k.label.size())),
                       QString::fromUtf8(k.name.data(), qsizetype(k.name.size())));
    sizes_ = new QLineEdit(page);
    sizes_->setObjectName(QStringLiteral("sizes"));
    sizes_->setPlaceholderText(tr("e.g. 64M, 256M, 640000000"));
    sizes_->setToolTip(tr("File sizes to generate, separated by commas: one input set per size"));
    workdir_ = new QLineEdit(page);
    workdir_->setObjectName(QStringLiteral("workdir"));
    workdir_->setToolTip(tr("Where generated data is kept and reused (only files sfpbench made are ever removed)"));
    auto* browse = new QToolButton(page);
    browse->setText(QStringLiteral("…"));
    connect(browse, &QToolButton::clicked, this, &InputsBox::chooseWorkdir);
    auto* dirRow = new QHBoxLayout;
    dirRow->addWidget(workdir_, 1);
    dirRow->addWidget(browse);
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Kind"), kind_);
    form->addRow(tr("Sizes"), sizes_);
    form->addRow(tr("Workspace"), dirRow);
    connect(kind_, &QComboBox::currentIndexChanged, this, &InputsBox::changed);
    connect(sizes_, &QLineEdit::textChanged, this, &InputsBox::changed);
    connect(workdir_, &QLineEdit::textChanged, this, &InputsBox::changed);
    return page;
}

QWidget* InputsBox::makeFilesPage() {
    auto* page = new QWidget(this);
    list_ = new QListWidget(page);
    list_->setObjectName(QStringLiteral("inputFiles"));
    list_->setToolTip(
        tr("Input files in order (as many as the algorithm reads; a folder for %1). Drop files or folders "
           "onto the window to add them.")
            .arg(folderAlgorithms()));
    list_->setMaximumHeight(90);
    auto* add = new QPushButton(tr("Add…"), page);
    auto* addFolder = new QPushButton(tr("Add folder…"), page);
    addFolder->setToolTip(tr("A folder, its whole tree, for %1").arg(folderAlgorithms()));
    recent_ = new QToolButton(page);
    recent_->setText(tr("Recent"));
    recent_->setPopupMode(QToolButton::InstantPopup);
    recent_->setMenu(new QMenu(recent_));
    auto* remove = new QPushButton(tr("Remove"), page);
    connect(add, &QPushButton::clicked, this, &InputsBox::chooseFiles);
    connect(addFolder, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose an input folder"));
        if (!dir.isEmpty()) addFiles({dir});
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        delete list_->currentItem();
        emit changed();
    });
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(addFolder);
    buttons->addWidget(recent_);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(list_);
    layout->addLayout(buttons);
    setRecentFiles({});
    return page;
}

bool InputsBox::generated() const { return generated_->isChecked(); }

void InputsBox::setGenerated(bool on) { (on ? generated_ : files_)->setChecked(true); }

std::string InputsBox::dataKind() const { return kind_->currentData().toString().toStdString(); }

void InputsBox::setDataKind(const std::string& kind) {
    const int i = kind_->findData(QString::fromStdString(kind));
    if (i >= 0) kind_->setCurrentIndex(i);
}

std::vector<std::uint64_t> InputsBox::sizes() const {
    std::vector<std::uint64_t> out;
    for (const QString& entry :
         sizes_->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
        try {
            out.push_back(sfp::parse_size(entry.toStdString()));
        } catch (const std::exception& e) {
            throw InputError{tr("File sizes: %1").arg(QString::fromUtf8(e.what()))};
        }
    }
    return out;
}

void InputsBox::setSizes(const std::vector<std::uint64_t>& sizes) {
    QStringList texts;
    for (std::uint64_t s : sizes) texts << plots::size_text(s);
    sizes_->setText(texts.join(QStringLiteral(", ")));
}

QString InputsBox::workdir() const { return workdir_->text().trimmed(); }
void InputsBox::setWorkdir(const QString& dir) { workdir_->setText(dir); }

QStringList InputsBox::files() const {
    QStringList out;
    for (int i = 0; i < list_->count(); ++i) out << list_->item(i)->data(Qt::UserRole).toString();
    return out;
}

void InputsBox::appendFile(const QString& path) {
    const QFileInfo info(path);
    auto* item = new QListWidgetItem(list_);
    item->setData(Qt::UserRole, path);
    item->setText(info.isFile() ? QStringLiteral("%1  (%2)").arg(path, plots::size_text(std::uint64_t(info.size())))
                                : path);
    item->setToolTip(path);
}

void InputsBox::setFiles(const QStringList& paths) {
    list_->clear();
    for (const QString& p : paths) appendFile(p);
    emit changed();
}

void InputsBox::addFiles(const QStringList& paths) {
    if (paths.isEmpty()) return;
    const sfp::InputKind* kind = sfp::find_input_kind(dataKind());
    const bool folders = kind && kind->directory;
    QStringList accepted, problems;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (!info.exists())
            problems << tr("%1: no such file").arg(path);
        else if (info.isDir() && !folders)
            problems
                << tr("%1 is a folder: this algorithm reads files (folders are for %2)").arg(path, folderAlgorithms());
        else if (!info.isDir() && !info.isFile())
            problems << tr("%1 is not a regular file (a FIFO, device or socket cannot be timed fairly)").arg(path);
        else
            accepted << path;
    }
    if (!problems.isEmpty()) emit refused(tr("Not added: %1").arg(problems.join(QStringLiteral("; "))));
    if (accepted.isEmpty()) return;
    for (const QString& p : accepted) appendFile(p);
    setGenerated(false);
    emit filesAdded(accepted);
    emit changed();
}

void InputsBox::setRecentFiles(const QStringList& paths) {
    QMenu* menu = recent_->menu();
    menu->clear();
    for (const QString& path : paths) menu->addAction(path, this, [this, path] { addFiles({path}); });
    if (paths.isEmpty()) menu->addAction(tr("(none yet)"))->setEnabled(false);
}

void InputsBox::chooseFiles() { addFiles(QFileDialog::getOpenFileNames(this, tr("Choose input files"))); }

void InputsBox::chooseWorkdir() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Workspace for generated data"), workdir());
    if (!dir.isEmpty()) setWorkdir(dir);
}

}  // namespace gui
