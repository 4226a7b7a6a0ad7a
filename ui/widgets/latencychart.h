#pragma once

#include <QChartView>
#include <QElapsedTimer>
#include <QPointer>

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

class LiveFeed;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

// The loop's health over the last half minute: loop delay (p99 and max per
// 100 ms window), the /health response time and markers where it failed, event-loop utilisation, and
// shaded, labelled bands where long callbacks held the loop.
// Series are rebuilt with QXYSeries::replace at most ~30 times a second.
class LatencyChart : public QChartView
{
    Q_OBJECT

public:
    explicit LatencyChart(LiveFeed* feed, QWidget* parent = nullptr);
    ~LatencyChart() override;

    static constexpr std::int64_t WindowNs = 100'000'000; // one point per 100 ms
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

    const std::vector<Band>& bands() const { return m_bands; }
    QLineSeries* p99Series() const { return m_p99; }
    QLineSeries* maxSeries() const { return m_max; }
    QLineSeries* healthSeries() const { return m_health; }
    // One marker per window in which a /health probe got no answer, drawn along the top of the plot.
    QScatterSeries* healthFailureSeries() const { return m_healthFailed; }
    QLineSeries* utilisationSeries() const { return m_elu; }
    // The largest loop delay seen in any window, in ms (-1: none yet).
    double worstDelayMs() const { return m_worstDelayMs; }
    // Rebuilds the series now, ignoring the rate limit.
    void refresh();
    int refreshCount() const { return m_refreshes; }
    // How many 100 ms windows hold data: it follows the number of samples, not the time they span.
    std::size_t bucketCount() const { return m_buckets.size(); }

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void changeEvent(QEvent* event) override;

private:
    struct Bucket
    {
        std::vector<float> delays;
        double healthMs = -1; // the slowest answer in the window
        int healthFailures = 0;
        double pollNs = 0; // time in the poll phase
        double pollWorkNs = 0; // callbacks that ran inside poll
        double utilizationSum = 0; // the engine's own measure (uv_metrics_idle_time), when sampled
        int utilizationCount = 0;
    };

    void onReset();
    void onAdvanced(int logIndex, std::size_t from, std::size_t to);
    void onTicked();
    Bucket& bucketAt(std::int64_t timeNs);
    const Bucket& bucketOrEmpty(std::int64_t index) const;
    // Spreads [startNs, endNs) over the buckets it touches that the chart can still show, `weight` per nanosecond.
    void spread(std::int64_t startNs, std::int64_t endNs, double weight, double Bucket::*field);
    void addBand(Band band);
    void applyPalette();

    QPointer<LiveFeed> m_feed;
    std::map<std::int64_t, Bucket> m_buckets; // by window index; only windows that hold data
    std::vector<Band> m_bands; // sorted by start, disjoint
    std::int64_t m_phasesUntilNs = 0; // utilisation is known up to here: the last phase or callback seen
    double m_worstDelayMs = -1;
    QLineSeries* m_p99 = nullptr;
    QLineSeries* m_max = nullptr;
    QLineSeries* m_health = nullptr;
    QScatterSeries* m_healthFailed = nullptr;
    QLineSeries* m_elu = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisMs = nullptr;
    QValueAxis* m_axisElu = nullptr;
    QElapsedTimer m_sinceRefresh;
    int m_refreshes = 0;
    bool m_dirty = true;
};
