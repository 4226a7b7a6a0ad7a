#pragma once

#include "models/latencyhistory.h"
#include "models/latencymapping.h"

#include <QChartView>
#include <QElapsedTimer>
#include <QPointer>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

class LiveFeed;
class QAbstractAxis;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QSpinBox;
class QValueAxis;

namespace loopscope {
struct LiveState;
}

// The loop's health over the last half minute: the loop delay beyond the monitor's resolution,
// the /health response time and markers where it failed, event-loop utilisation, and shaded,
// labelled bands where long callbacks held the loop. Every sample is drawn over the interval it
// measures, so a block is a step as wide and as tall as the block. While a probe waits for the
// loop, a dashed box grows with the wait. A row of controls picks the scale (auto, fixed, log)
// and keeps the previous run as a faint ghost for comparison; both are remembered.
// Series are rebuilt with QXYSeries::replace at most ~30 times a second.
class LatencyChart : public QChartView
{
    Q_OBJECT

public:
    explicit LatencyChart(LiveFeed* feed, QWidget* parent = nullptr);
    ~LatencyChart() override;

    static constexpr std::int64_t WindowNs = 100'000'000; // samples are kept by the 100 ms window they end in
    static constexpr std::int64_t VisibleNs = 30'000'000'000;
    static constexpr std::int64_t LongCallbackNs = 20'000'000;

    // A stretch of time when a callback, or a storm of them, held the loop; drawn once longer than LongCallbackNs.
    struct Band
    {
        std::int64_t startNs = 0;
        std::int64_t endNs = 0;
        QString label;
        std::uint64_t count = 0;
        bool main = false; // the main module; inner labels say more
    };

    // What the chart reads of the live run on every refresh. By default it comes from the feed;
    // tests hand in a LiveState and a clock of their own.
    struct LiveClock
    {
        const loopscope::LiveState* live = nullptr;
        std::int64_t nowNs = 0;
        bool finished = true;
    };
    void setLiveClock(std::function<LiveClock()> clock);

    const std::vector<Band>& bands() const { return m_bands; }
    // Where the bands' labels were drawn last: never over one another.
    const std::vector<QRectF>& bandLabelBoxes() const { return m_bandLabels; }
    QLineSeries* delaySeries() const { return m_delay; }
    QLineSeries* healthSeries() const { return m_health; }
    // One marker per failed /health probe, drawn along the top of the plot.
    QScatterSeries* healthFailureSeries() const { return m_healthFailed; }
    QLineSeries* utilisationSeries() const { return m_elu; }
    // The previous run's loop delay, aligned to its start.
    QLineSeries* ghostSeries() const { return m_ghost; }
    // The boxes that grow while a probe waits for the loop.
    QLineSeries* delayWaitingSeries() const { return m_delayWaiting; }
    QLineSeries* healthWaitingSeries() const { return m_healthWaiting; }
    // How long each probe has been waiting at the last refresh (-1: it is not).
    std::int64_t delayWaitingNs() const { return m_delayWaitingNs; }
    std::int64_t healthWaitingNs() const { return m_healthWaitingNs; }
    // The labels of the growing boxes: "probe waiting 734 ms".
    QStringList waitingLabels() const;
    // The largest loop delay seen, in ms (-1: none yet).
    double worstDelayMs() const { return m_worstDelayMs; }

    // The chart as drawn now, for a picture or a report: the legend, never the controls beside it.
    QPixmap picture();
    // The axes' label format for values down to `smallest`: its decimals, no more.
    static QString labelFormatFor(double smallest);
    // Runs `draw` (a picture being taken) with the chart's own controls hidden, as picture() draws it.
    void withoutControls(const std::function<void()>& draw);

    LatencyScale scale() const { return m_scale; }
    void setScale(LatencyScale scale);
    double fixedTopMs() const { return m_fixedTopMs; }
    void setFixedTopMs(double ms);
    bool keepsGhost() const { return m_keepGhost; }
    void setKeepGhost(bool keep);
    // The millisecond axis shown: a QValueAxis, or a QLogValueAxis in the log scale.
    QAbstractAxis* msAxis() const;
    LatencyAxis msRange() const { return m_range; }

    // Rebuilds the series now, ignoring the rate limit.
    void refresh();
    // How many 100 ms windows hold samples as they came: it follows the number of samples, not the time
    // they span, and older windows are merged.
    std::size_t bucketCount() const { return m_history.recentWindows(); }
    // The stretch of time shown, in recording time: the last VisibleNs of a live run; in a replay of a
    // longer run (or one paused or ended), the VisibleNs around the playhead, which it follows.
    std::pair<std::int64_t, std::int64_t> shownRange() const { return m_shown; }

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // The right axis says "%" alone where its plot is too short for its whole title.
    void fitAxisTitles();

    bool scrubTo(const QPointF& pos);
    void buildControls();
    // The names, titles and tooltips of the chart (setTexts) and of its controls, in the language of the
    // moment.
    void setTexts();
    void setControlTexts();
    void layoutTopRow();
    void updateLegend();
    void onReset();
    void onAdvanced(int logIndex, std::size_t from, std::size_t to);
    void onTicked();
    std::pair<std::int64_t, std::int64_t> rangeFor(std::int64_t nowNs) const;
    void addBand(Band band);
    void applyPalette();
    void applyRange(const LatencyAxis& range);
    void retitle(int resolutionMs);
    void loadSettings();
    void saveSettings() const;

    QPointer<LiveFeed> m_feed;
    std::function<LiveClock()> m_clock;
    LatencyHistory m_history; // this run's samples
    std::pair<std::int64_t, std::int64_t> m_shown { 0, 0 };
    std::vector<LatencyStep> m_ghostSteps; // the previous run's loop delay, merged by window
    std::vector<Band> m_bands; // sorted by start, disjoint
    std::vector<QRectF> m_bandLabels;
    double m_worstDelayMs = -1;
    int m_resolutionMs = 0; // the delay monitor's, as the samples tell it (0: not yet known)
    std::int64_t m_healthIntervalNs = -1; // the shortest gap seen between two /health requests
    std::int64_t m_lastHealthSentNs = -1;
    std::int64_t m_delayWaitingNs = -1;
    std::int64_t m_healthWaitingNs = -1;
    std::int64_t m_delayCheckNs = -1; // where the growing boxes start
    std::int64_t m_healthSentNs = -1;
    // The tallest step in view when the fixed scale cuts it: where it is and how tall (value < 0: none).
    QPointF m_cutPeak { 0, -1 };

    LatencyScale m_scale = LatencyScale::Auto;
    double m_fixedTopMs = 100;
    bool m_keepGhost = false;
    LatencyAxis m_range;
    double m_plotWidth = 0; // the width of the plot the series were merged for

    QLineSeries* m_delay = nullptr;
    QLineSeries* m_health = nullptr;
    QScatterSeries* m_healthFailed = nullptr;
    QLineSeries* m_elu = nullptr;
    QLineSeries* m_ghost = nullptr;
    QLineSeries* m_delayWaiting = nullptr;
    QLineSeries* m_healthWaiting = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisMs = nullptr;
    QLogValueAxis* m_axisLog = nullptr;
    QValueAxis* m_axisElu = nullptr;
    QWidget* m_controls = nullptr;
    QLabel* m_legend = nullptr;
    QString m_legendFull; // the series' names
    QString m_legendShort; // one word each, for a narrow chart
    QString m_legendTwoLines;
    int m_legendShortWidth = 0;
    int m_legendFullWidth = 0;
    QComboBox* m_scaleBox = nullptr;
    QSpinBox* m_topBox = nullptr;
    QCheckBox* m_ghostBox = nullptr;
    QElapsedTimer m_sinceRefresh;
    bool m_dirty = true;
    bool m_scrubbing = false; // a press on the plot moves the playhead
};
