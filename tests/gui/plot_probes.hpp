#pragma once
// What a test reads off a drawn QCustomPlot, shared by the GUI tests.
#include <qcustomplot.h>
#include <vector>

namespace probes {

// The imported sets' graphs: those drawn against the right axis.
inline std::vector<QCPGraph*> overlay_graphs(QCustomPlot* plot) {
    std::vector<QCPGraph*> out;
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->graph(i)->valueAxis() == plot->yAxis2) out.push_back(plot->graph(i));
    return out;
}

}  // namespace probes
