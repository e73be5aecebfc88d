#pragma once
// File > Export report…: the PDF report (app/report) of the window's results, with the plot
// as the window currently shows it.
#include <QString>

class QMenu;

namespace gui {

class MainWindow;

void add_export_report_action(QMenu* file, MainWindow* window);
// Writes the report to `path`; false (with the reason in the message area) when it cannot.
bool export_report(MainWindow& window, const QString& path);

}  // namespace gui
