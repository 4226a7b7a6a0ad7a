#pragma once

#include "recording/events.h"

#include <QWidget>

class LiveFeed;
class StatusModel;
class QPainter;

// The circle of libuv phases, painted live: each phase with the depth of its
// queue, a cursor easing to the phase running now, the nextTick and microtask
// queues in the centre, what poll waits for, and a red phase with a stopwatch
// while a callback blocks the loop. When the loop goes round faster than the
// eye can follow, it shows rates instead of a flickering cursor.
class PhaseWheel : public QWidget
{
    Q_OBJECT

public:
    PhaseWheel(LiveFeed* feed, StatusModel* status, QWidget* parent = nullptr);

    // A teaching sentence or two about a phase, for tooltips.
    static QString explanation(loopscope::Phase phase);
    // The angle of the cursor now, in degrees clockwise from twelve o'clock.
    double cursorAngle() const { return m_angle; }
    bool showingRates() const { return m_showRates; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return false; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    void onReset();
    void onRefreshed();
    QPointF toLogical(const QPointF& widgetPos) const;
    double scale() const;
    bool dark() const;
    void paintSegments(QPainter& painter);
    void paintCursor(QPainter& painter);
    void paintCentre(QPainter& painter);
    void paintAnnotations(QPainter& painter);
    void paintQueueStack(QPainter& painter, const QRectF& box, std::uint32_t depth, const QColor& color,
        const QString& title, const QString& rate);

    LiveFeed* m_feed;
    StatusModel* m_status;
    double m_angle = 0;
    double m_remaining = 0;
    double m_targetAngle = -1;
    std::uint32_t m_lastIteration = 0;
    bool m_showRates = false;
};
