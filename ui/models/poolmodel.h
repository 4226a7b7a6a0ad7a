#pragma once

#include <QAbstractTableModel>

#include <cstdint>
#include <vector>

// The thread-pool items in flight: one row per item, queued or running, in the
// order they were submitted. Refreshed from LiveFeed::poolWork() on each GUI tick;
// rows are inserted, changed and removed in place, never reset.
class PoolModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Columns { WorkerColumn, OperationColumn, StateColumn, TimeColumn, ColumnCount };
    enum Roles {
        IdRole = Qt::UserRole + 1, // the item's id, unique in the session
        LabelRole, // the operation, e.g. "pbkdf2"
        WorkerRole, // the pool worker running it (1..N), 0 while it waits
        RunningRole, // true once a worker has picked it up
        QueuedAtRole, // recording time in ns when it was submitted
        StartedAtRole, // recording time in ns when a worker started it, -1 while it waits
        ElapsedNsRole, // running: how long it has run; waiting: how long it has waited
    };

    // The part of a pool item the model keeps.
    struct Item
    {
        std::uint64_t id = 0;
        QString label;
        std::int64_t queuedAtNs = 0;
        std::int64_t startedAtNs = -1;
        int worker = 0;
        bool running() const { return startedAtNs >= 0; }
    };

    explicit PoolModel(QObject* parent = nullptr);

    // Makes the rows match `items` (already in submission order) at recording time `nowNs`.
    void update(std::vector<Item> items, std::int64_t nowNs);
    void clear();

    const std::vector<Item>& items() const { return m_items; }
    std::int64_t nowNs() const { return m_nowNs; }
    int runningCount() const;
    int waitingCount() const { return int(m_items.size()) - runningCount(); }
    // Over the model's life: how many distinct items it showed, and the most running at once.
    int itemsSeen() const { return m_itemsSeen; }
    int maxRunning() const { return m_maxRunning; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    std::vector<Item> m_items;
    std::int64_t m_nowNs = 0;
    int m_itemsSeen = 0;
    int m_maxRunning = 0;
};
