#pragma once

#include "models/poolmodel.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <cstddef>
#include <vector>

class LiveFeed;

// The thread pool at a glance, readable from the back of a room: one lane per
// worker thread with the item it runs and for how long, the queue of work
// waiting for a free thread, and a strip chart of occupancy over the last seconds.
class PoolLanesView : public QWidget
{
    Q_OBJECT

public:
    explicit PoolLanesView(LiveFeed* feed, QWidget* parent = nullptr);
    ~PoolLanesView() override;

    static constexpr std::int64_t HistoryNs = 10'000'000'000;

    // The items in flight now.
    PoolModel* model() const { return m_model; }
    int poolSize() const { return m_poolSize; }
    // Completed work items seen in the recording, by operation.
    int completedCount(const QString& label) const { return m_completedByLabel.value(label); }
    int completedTotal() const { return int(m_done.size()); }
    // The most completed items whose run times overlapped, and whether two ever shared a worker.
    int maxConcurrent() const;
    bool lanesOverlap() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Done
    {
        std::int64_t startNs = 0;
        std::int64_t endNs = 0;
        std::int64_t queuedNs = 0;
        int worker = 0;
    };

    void onReset();
    void onAdvanced(int logIndex, std::size_t from, std::size_t to);
    void onTicked();
    QFont bigFont() const;
    double laneHeight() const;
    std::int64_t nowNs() const;
    // The lane showing each item in flight: its worker when known, else the first free lane.
    std::vector<int> runningByLane() const;

    QPointer<LiveFeed> m_feed;
    PoolModel* m_model = nullptr;
    std::vector<Done> m_done; // sorted by end
    QHash<QString, int> m_completedByLabel;
    int m_poolSize = 0;
    // Geometry of the last paint, for tooltips.
    double m_lanesTop = 0;
    double m_queueTop = 0;
    double m_stripTop = 0;
};
