#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

class LiveFeed;

// The program's console output, in the order the runtime printed it, with the
// errors delivered to it and notes from the window (aborts, injected work), and which callback
// printed each line where the recording says it.
// Rows are appended per feed batch; at a replay's playhead, only the lines printed by then show.
class ConsoleModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Columns { TimeColumn, TextColumn, FromColumn, ColumnCount };
    enum Roles { TextRole = Qt::UserRole + 1, TimeNsRole, KindRole, FromRole };
    enum class Kind { Output, Error, Note };

    // Older lines are dropped beyond this, so a runaway logger cannot exhaust memory.
    static constexpr int MaxLines = 20000;
    // A line is kept whole (TextRole, and copied whole) but shown cut after this many characters: laying
    // out a 60 MB line at every paint froze the window for minutes.
    static constexpr int ShownCharacters = 2000;

    explicit ConsoleModel(LiveFeed* feed, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // A line from the window itself, such as "run aborted".
    void appendNote(const QString& text);
    void clear();
    // The program's output lines shown, without errors and notes.
    QStringList outputLines() const;
    QStringList errorLines() const;

private:
    struct Line
    {
        QString text;
        std::int64_t timeNs = -1; // recording time; -1 for notes
        Kind kind = Kind::Output;
        QString from; // the callback that printed it; empty when not known (an attached program's, a note)
    };

    void onAdvanced(int logIndex, std::size_t from, std::size_t to);
    void append(std::vector<Line> lines);
    // Shows the lines printed by the playhead (all of them when there is none).
    void followPlayhead();
    void show(std::size_t lines);

    LiveFeed* m_feed;
    std::vector<Line> m_lines;
    std::size_t m_shown = 0; // the rows: the first m_shown lines
};
