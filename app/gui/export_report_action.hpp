#pragma once
// File > Export report…: the report of the window's results as PDF (app/report), with the plot
// as the window currently shows it, or as Markdown (core::report_markdown, as `sfpbench report`).
#include <QString>

class QMenu;

namespace gui {

class MainWindow;

void add_export_report_action(QMenu* file, MainWindow* window);
// Writes the report to `path`, Markdown when it ends in .md, else PDF; false (with the reason in
// the message area) when it cannot -- also, as for every export, when `path` is an input.
bool export_report(MainWindow& window, const QString& path);

}  // namespace gui
