#pragma once
// What a test reads off a drawn QCustomPlot, shared by the GUI tests.
#include <qcustomplot.h>
#include <vector>

namespace probes {

// The imported sets' graphs: those the painter tagged so (plot_data.hpp), on either axis.
inline bool imported(const QCPAbstractPlottable* p) { return p->property("sfpKind").toString() == "imported"; }
inline std::vector<QCPGraph*> overlay_graphs(QCustomPlot* plot) {
    std::vector<QCPGraph*> out;
    for (int i = 0; i < plot->graphCount(); ++i)
        if (imported(plot->graph(i))) out.push_back(plot->graph(i));
    return out;
}

}  // namespace probes
