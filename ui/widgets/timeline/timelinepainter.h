#pragma once

#include "models/timelineindex.h"
#include "models/timemapping.h"

#include <QColor>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPalette>

class QPainter;
class TimelineView;

// Paints one frame of a TimelineView: the lanes and their names, the time axis, the bars with
// their labels, the callback running now, the selection, the live edge and the state of the view.
// The view keeps the state and the interaction; this keeps the drawing.
class TimelinePainter
{
    Q_DECLARE_TR_FUNCTIONS(TimelineView)

public:
    TimelinePainter(const TimelineView& view, QPainter& painter);
    void paint();

private:
    void paintLanes();
    void paintRuler();
    void paintBars();
    void paintBarLabels(int laneRow, double top, double height);
    void paintPoolJob(
        const loopscope::Record& job, double x0, double x1, double top, double height, const QColor& color);
    void paintRunningCallback();
    void paintHolds();
    void paintSelection();
    void paintFlow();
    void paintMeasure();
    void paintSlots();
    void paintLiveEdge();
    void paintViewState();
    void drawLabel(const QString& text, double x0, double x1, double top, double height, const QColor& pen);

    const TimelineView& m_view;
    QPainter& m_painter;
    const QPalette m_palette;
    const QFontMetricsF m_metrics;
    const TimeWindow m_window;
    const double m_left;
    const double m_width;
    QColor m_grid;
    QColor m_faint;
};
