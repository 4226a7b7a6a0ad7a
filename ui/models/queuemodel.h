#pragma once

#include "recording/loopstate.h"

#include <QAbstractTableModel>

#include <vector>

namespace loopscope {
class StringTable;
}

// The items waiting in one of the runtime's queues (timers, immediates,
// pending closes, nextTicks, microtasks), in the order they will run, from
// LiveFeed::queueSnapshot(). When a queue holds more than the snapshot
// carries, a last row says how many more there are.
class QueueModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum class Queue { NextTick, Microtask, Timers, Immediates, Closes };
    enum Columns { LabelColumn, DetailColumn, ColumnCount };
    enum Roles { LabelRole = Qt::UserRole + 1, JobKindRole, DueInMsRole, IsMoreRole };
    static constexpr int QueueCount = 5;

    explicit QueueModel(Queue queue, QObject* parent = nullptr);

    Queue queue() const { return m_queue; }
    // The queue's name and a teaching sentence about it.
    static QString title(Queue queue);
    static QString explanation(Queue queue);

    // Shows the snapshot's items of this queue; labels are looked up in `strings`.
    void update(const loopscope::QueueSnapshot& snapshot, const loopscope::StringTable& strings);
    // Timers: the recording time now, so due times count down (and show how late a timer is
    // while the loop is blocked) between snapshots.
    void setNowNs(std::int64_t nowNs);
    // The callback running now when the snapshot predates it: the first item labelled so is
    // the one running, and shows as such rather than as waiting. Empty: none.
    void setRunningLabel(const QString& label);
    // While the loop is held: this queue's first item is the callback that runs next.
    void setRunsNext(bool runsNext);
    bool runsNext() const { return m_runsNext; }
    // Timers: milliseconds until the item of `row` is due at the time of setNowNs (negative: late).
    double dueInMsNow(int row) const;
    void clear();
    // How many items the queue really holds (the model may list fewer).
    std::size_t total() const { return m_total; }
    QStringList labels() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void totalChanged(std::size_t total);

private:
    struct Item
    {
        QString label;
        int jobKind = -1;
        double dueInMs = 0;
        bool more = false;
        bool operator==(const Item& other) const
        {
            return label == other.label && jobKind == other.jobKind && dueInMs == other.dueInMs && more == other.more;
        }
    };

    void setItems(std::vector<Item> items, std::size_t total);

    Queue m_queue;
    std::vector<Item> m_items;
    std::int64_t m_snapshotAtNs = 0;
    std::int64_t m_nowNs = 0;
    QString m_runningLabel;
    int m_runningRow = -1;
    bool m_runsNext = false;
    std::size_t m_total = 0;
};
