#pragma once

#include "figures/figures.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

// The figures of a recording (engine/figures) in the window's language, one line each, for the PDF
// report and the end of a run: the same numbers the terminal's --summary prints, in the reader's words.
class FigureTexts
{
    Q_DECLARE_TR_FUNCTIONS(FigureTexts)

public:
    static QStringList lines(const loopscope::Figures& figures, const loopscope::Recording& recording);
    // What the delay monitor and eventLoopUtilization cannot see, said where it happened; empty when nothing.
    static QString beforeLoop(const loopscope::Figures& figures);
    // The stretches the program measured, side by side, as an HTML table; empty when it measured none.
    static QString stretchesTable(const loopscope::Figures& figures, const loopscope::Recording& recording);
};
