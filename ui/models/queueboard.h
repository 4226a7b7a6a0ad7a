#pragma once

#include "models/queuemodel.h"

#include <QObject>

#include <array>
#include <cstdint>

class LiveFeed;
class StatusModel;

// The models of the JavaScript-level queues, kept up to date from the feed's queue snapshots.
class QueueBoard : public QObject
{
    Q_OBJECT

public:
    QueueBoard(LiveFeed* feed, StatusModel* status, QObject* parent = nullptr);

    QueueModel* model(QueueModel::Queue queue) const { return m_models[std::size_t(queue)]; }
    // What a recording must see for `queue`'s contents to be known (loopscope::Unobserved flags): a queue
    // not seen shows nothing, and its panel says so.
    static std::uint8_t unobservedFlags(QueueModel::Queue queue);
    // Reads the latest queue snapshot into the models now.
    void refresh();

private:
    void onTicked();
    void clear();
    void markRunningCallback();
    void markRunsNext();

    LiveFeed* m_feed = nullptr;
    StatusModel* m_status = nullptr;
    std::array<QueueModel*, QueueModel::QueueCount> m_models {};
    std::int64_t m_lastSnapshotNs = -2;
    int m_ticks = 0;
};
