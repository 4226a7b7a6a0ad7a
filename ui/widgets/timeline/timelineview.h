#pragma once

#include "models/timelineindex.h"
#include "models/timemapping.h"

#include <QPointer>
#include <QWidget>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

class LiveFeed;
class QLabel;

// A Gantt chart of the recent seconds of the live loop: the phases, the
// callbacks by kind, one lane per thread-pool worker and the worker loops.
// Follows the live edge until the user pans; zooms with the wheel or +/-,
// pans by dragging or with the arrow keys, Home follows live again, and a
// click shows the details of the item under the pointer.
class TimelineView : public QWidget
{
    Q_OBJECT
    friend class TimelinePainter;

public:
    explicit TimelineView(LiveFeed* feed, QWidget* parent = nullptr);
    ~TimelineView() override;

    static constexpr std::int64_t DefaultSpanNs = 5'000'000'000;
    // One step of the wheel, or half a + or - press, zooms by this.
    static constexpr double ZoomStep = 1.25;

    const TimelineIndex& index() const { return m_index; }
    TimeWindow window() const { return m_window; }
    bool following() const { return m_following; }
    // Shows the window [startNs, endNs] and stops following.
    void setWindow(const TimeWindow& window);
    // One slot per callback (S): the main loop's callbacks in the window side by side, each as wide
    // as the next whatever it lasted, so the jobs of a drain can be counted; the phase each ran in
    // is the strip above it. Time no longer runs evenly along the axis.
    bool slotMode() const { return m_slotMode; }
    void setSlotMode(bool on);
    // The main loop's callbacks in the window, in the order they began (what slot mode draws).
    struct Slot
    {
        int row = -1;
        const TimelineSpan* span = nullptr;
    };
    std::vector<Slot> visibleSlots() const;
    void followLive();
    // Selects the item of `row` at `timeNs`, as a click there would; returns its details.
    QString selectAt(int row, std::int64_t timeNs);
    QString details() const { return m_details; }
    // The row drawn at widget y, or -1.
    int rowAtY(double y) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void itemSelected(const QString& details);
    // A callback was selected (its record's thread and start), or the selection was cleared (thread -1).
    void callbackSelected(int thread, qint64 startNs);
    void slotModeChanged(bool on);
    void followingChanged(bool following);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    // The dock's viewport resizing lays the lanes out again.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitFinishedRun();
    void fitWholeRun();
    struct Lane
    {
        int row = -1; // in the index
        double top = 0;
        double height = 0;
        int group = 0; // 0 main loop, 1 thread pool, 2.. worker loops
    };

    void onReset();
    void onAdvanced(int logIndex, std::size_t from, std::size_t to);
    // One bit per main-loop callback row (by CallbackKind) that holds a span: the lanes depend on them.
    std::uint32_t filledMainRows() const;
    void onTicked();
    // Keeps the playhead in view as it steps.
    void onPlayheadMoved();
    // Moves the feed's playhead to the time at widget x; false when the recording cannot be replayed.
    bool scrubTo(double x);
    void relayout();
    double availableHeight() const;
    void updateWindow();
    void zoomBy(double factor, std::int64_t anchorNs);
    void panBy(std::int64_t deltaNs);
    void setFollowing(bool following);
    void showDetails(const QString& text, const QPoint& near);
    QString rowName(int row) const;
    QString rowToolTip(int row) const;
    QString describe(const TimelineSpan& span) const;
    const TimelineIndex::Row* indexRow(int rowIndex) const;
    QString labelOf(std::uint32_t label) const;
    double plotLeft() const { return m_labelWidth; }
    double plotWidth() const;
    std::int64_t nowNs() const;

    QPointer<LiveFeed> m_feed;
    TimelineIndex m_index;
    std::vector<Lane> m_lanes;
    mutable std::vector<TimelineIndex::Piece> m_pieces; // reused by every paint
    TimeWindow m_window { -DefaultSpanNs, 0 };
    std::int64_t m_spanNs = DefaultSpanNs;
    bool m_following = true;
    bool m_slotMode = false;
    bool m_wasFinished = false;
    bool m_autoFitted = false; // the window shows a finished run, not the live edge
    double m_labelWidth = 120;
    double m_rulerHeight = 24;
    double m_contentHeight = 0; // as laid out for the height the view has
    double m_naturalHeight = 0; // every lane at its natural height
    double m_minimumHeight = 0; // every lane a line of text

    // Dragging: the window, or the playhead along the ruler.
    bool m_scrubbing = false;
    QPoint m_pressPos;
    TimeWindow m_pressWindow;
    bool m_pressed = false;
    bool m_dragged = false;

    // Measuring: Shift and drag marks a span and says how long it is.
    bool m_measuring = false;
    std::int64_t m_measureFromNs = 0;
    std::int64_t m_measureToNs = 0;
    bool m_hasMeasure = false;

    // Where the selected callback was queued, drawn as an arrow to where it ran.
    struct Flow
    {
        std::int64_t fromNs = 0;
        int fromRow = -1;
        std::int64_t toNs = 0;
        int toRow = -1;
    };
    std::optional<Flow> m_flow;
    // The queueing of the callback `span` stands for, when the recording holds it.
    // How many items the folded span holds (TimelineIndex), when it holds more than its record; else 0.
    std::uint64_t foldedItems(int row, const TimelineSpan& span) const;
    std::optional<Flow> flowTo(const TimelineSpan& span, int row, QString* queuedBy) const;

    // The selection.
    int m_selectedRow = -1;
    TimelineSpan m_selected;
    bool m_hasSelection = false;
    bool m_mergedSelection = false;
    QString m_details;
    QLabel* m_detailsPanel = nullptr;
};
