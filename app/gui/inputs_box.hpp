#pragma once
// Where the data comes from: files the user picks (dialog, drag and drop, recent files), or
// data generated in the workspace in a list of sizes.
#include <QGroupBox>
#include <cstdint>
#include <vector>

class QComboBox;
class QLineEdit;
class QListWidget;
class QRadioButton;
class QToolButton;

namespace gui {

class InputsBox : public QGroupBox {
    Q_OBJECT
public:
    explicit InputsBox(QWidget* parent = nullptr);

    bool generated() const;
    void setGenerated(bool on);
    std::string dataKind() const;
    void setDataKind(const std::string& kind);
    std::vector<std::uint64_t> sizes() const;  // throws InputError naming a bad entry
    void setSizes(const std::vector<std::uint64_t>& sizes);
    QString workdir() const;
    void setWorkdir(const QString& dir);

    QStringList files() const;
    void setFiles(const QStringList& paths);
    // Switches to "files". Refuses (signal refused) what the algorithm cannot read: folders
    // unless it takes a tree (iterate), FIFOs, devices, sockets and missing paths.
    void addFiles(const QStringList& paths);
    void setRecentFiles(const QStringList& paths);

signals:
    void changed();
    void filesAdded(const QStringList& paths);  // for the recent-files list
    void refused(const QString& why);           // every refused path, one line each

private:
    QWidget* makeGeneratedPage();
    QWidget* makeFilesPage();
    void chooseFiles();
    void chooseWorkdir();
    void appendFile(const QString& path);  // shown with its size, as generated sizes are

    QRadioButton* generated_;
    QRadioButton* files_;
    QWidget* generated_page_;
    QWidget* files_page_;
    QComboBox* kind_ = nullptr;
    QLineEdit* sizes_ = nullptr;
    QLineEdit* workdir_ = nullptr;
    QListWidget* list_ = nullptr;
    QToolButton* recent_ = nullptr;
};

}  // namespace gui
