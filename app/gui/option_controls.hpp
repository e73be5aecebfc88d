#pragma once
// The controls of an algorithm's options, built from its parameter table (sfp/parameter.hpp):
// a combo for a choice, a checkbox for a flag, a field (its default as the hint) for the rest.
// Only what the user set becomes an option; untouched controls leave the engine's default.
// Block size, threads and sweepable parameters have toggle rows of their own (ExperimentPanel).
#include <QWidget>
#include <map>
#include <string>

class QFormLayout;

namespace gui {

class OptionControls : public QWidget {
    Q_OBJECT
public:
    explicit OptionControls(QWidget* parent = nullptr);

    void setAlgorithm(const std::string& algorithm);  // rebuilds the controls
    // The options set in the controls, as the engine reads them ("true", "letters", "16").
    std::map<std::string, std::string> options() const;
    // Sets the controls for the options the table declares; returns the others (unknown names).
    std::map<std::string, std::string> setOptions(const std::map<std::string, std::string>& options);
    QWidget* control(const std::string& name) const;  // by parameter name, or nullptr

signals:
    void changed();

private:
    QFormLayout* form_;
    std::string algorithm_;
};

}  // namespace gui
