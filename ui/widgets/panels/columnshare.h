#pragma once

#include <QObject>

class QTreeView;

// Keeps one column of a table as wide as its contents but never wider than a share of the view, so the
// column that stretches beside it (a console's output) keeps the room it needs when the view is narrow.
// Lives as long as the view.
class ColumnShare : public QObject
{
    Q_OBJECT

public:
    ColumnShare(QTreeView* view, int column, double share);

    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fit();

    QTreeView* m_view;
    // The view's viewport, compared by address only: its events also come while the view is being
    // destroyed, when nothing of the view may be called.
    const QObject* m_viewport;
    int m_column;
    double m_share;
};
