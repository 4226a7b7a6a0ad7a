#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <cstddef>
#include <cstdint>
#include <vector>

class LiveFeed;

// The program's console output, in the order the runtime printed it, with the
// errors delivered to it and notes from the window (aborts, injected work).
// Rows are appended per feed batch.
class ConsoleModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Columns { TimeColumn, TextColumn, ColumnCount };
    enum Roles { TextRole = Qt::UserRole + 1, TimeNsRole, KindRole };
    enum class Kind { Output, Error, Note };

    // Older lines are dropped beyond this, so a runaway logger cannot exhaust memory.
    static constexpr int MaxLines = 20000;

    explicit ConsoleModel(LiveFeed* feed, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // A line from the window itself, such as "run aborted".
    void appendNote(const QString& text);
    void clear();
    // The program's output lines so far, without errors and notes.
    QStringList outputLines() const;
    QStringList errorLines() const;

private:
    struct Line
    {
        QString text;
        std::int64_t timeNs = -1; // recording time; -1 for notes
        Kind kind = Kind::Output;
    };

    void onAdvanced(int logIndex, std::size_t from, std::size_t to);
    void append(std::vector<Line> lines);

    LiveFeed* m_feed;
    std::vector<Line> m_lines;
};
