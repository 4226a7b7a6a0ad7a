#include "models/poolmodel.h"

#include "models/timemapping.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

PoolModel::PoolModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

int PoolModel::runningCount() const
{
    return int(std::count_if(m_items.begin(), m_items.end(), [](const Item& item) { return item.running(); }));
}

void PoolModel::clear()
{
    if (!m_items.empty()) {
        beginRemoveRows({}, 0, int(m_items.size()) - 1);
        m_items.clear();
        endRemoveRows();
    }
    m_itemsSeen = 0;
    m_maxRunning = 0;
    m_nowNs = 0;
}

void PoolModel::update(std::vector<Item> items, std::int64_t nowNs)
{
    m_nowNs = nowNs;
    std::unordered_set<std::uint64_t> incoming;
    incoming.reserve(items.size());
    for (const Item& item : items)
        incoming.insert(item.id);

    // Finished items leave, in contiguous blocks from the back so that row numbers stay valid.
    for (int row = int(m_items.size()) - 1; row >= 0;) {
        if (incoming.count(m_items[std::size_t(row)].id)) {
            --row;
            continue;
        }
        int first = row;
        while (first > 0 && !incoming.count(m_items[std::size_t(first - 1)].id))
            --first;
        beginRemoveRows({}, first, row);
        m_items.erase(m_items.begin() + first, m_items.begin() + row + 1);
        endRemoveRows();
        row = first - 1;
    }

    // Items still here change in place; new ones are appended.
    std::unordered_map<std::uint64_t, std::size_t> rows;
    for (std::size_t i = 0; i < m_items.size(); ++i)
        rows.emplace(m_items[i].id, i);
    std::vector<Item> added;
    for (Item& item : items) {
        const auto found = rows.find(item.id);
        if (found == rows.end()) {
            added.push_back(std::move(item));
            continue;
        }
        Item& mine = m_items[found->second];
        mine.startedAtNs = item.startedAtNs;
        mine.worker = item.worker;
    }
    if (!m_items.empty())
        emit dataChanged(index(0, 0), index(int(m_items.size()) - 1, ColumnCount - 1));
    if (!added.empty()) {
        beginInsertRows({}, int(m_items.size()), int(m_items.size() + added.size()) - 1);
        for (Item& item : added)
            m_items.push_back(std::move(item));
        endInsertRows();
        m_itemsSeen += int(added.size());
    }
    m_maxRunning = std::max(m_maxRunning, runningCount());
}

int PoolModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int PoolModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PoolModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Item& item = m_items[std::size_t(index.row())];
    const std::int64_t elapsed
        = std::max<std::int64_t>(0, m_nowNs - (item.running() ? item.startedAtNs : item.queuedAtNs));
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case WorkerColumn:
            return item.running() ? tr("worker %1").arg(item.worker) : tr("queue");
        case OperationColumn:
            return item.label;
        case StateColumn:
            return item.running() ? tr("running") : tr("waiting");
        case TimeColumn:
            return TimeMapping::formatDuration(elapsed);
        }
        return {};
    case Qt::ToolTipRole:
        return item.running()
            ? tr("%1 has been running on pool worker %2 for %3")
                  .arg(item.label)
                  .arg(item.worker)
                  .arg(TimeMapping::formatDuration(elapsed))
            : tr("%1 has waited %2 for a free pool thread").arg(item.label, TimeMapping::formatDuration(elapsed));
    case IdRole:
        return QVariant::fromValue<qulonglong>(item.id);
    case LabelRole:
        return item.label;
    case WorkerRole:
        return item.running() ? item.worker : 0;
    case RunningRole:
        return item.running();
    case QueuedAtRole:
        return QVariant::fromValue<qlonglong>(item.queuedAtNs);
    case StartedAtRole:
        return QVariant::fromValue<qlonglong>(item.startedAtNs);
    case ElapsedNsRole:
        return QVariant::fromValue<qlonglong>(elapsed);
    }
    return {};
}

QVariant PoolModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WorkerColumn:
        return tr("Worker");
    case OperationColumn:
        return tr("Operation");
    case StateColumn:
        return tr("State");
    case TimeColumn:
        return tr("Time");
    }
    return {};
}

QHash<int, QByteArray> PoolModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(IdRole, "id");
    names.insert(LabelRole, "label");
    names.insert(WorkerRole, "worker");
    names.insert(RunningRole, "running");
    names.insert(QueuedAtRole, "queuedAt");
    names.insert(StartedAtRole, "startedAt");
    names.insert(ElapsedNsRole, "elapsedNs");
    return names;
}
