#include "widgets/panels/columnshare.h"

#include <QEvent>
#include <QHeaderView>
#include <QTimer>
#include <QTreeView>

#include <algorithm>

ColumnShare::ColumnShare(QTreeView* view, int column, double share)
    : QObject(view)
    , m_view(view)
    , m_viewport(view->viewport())
    , m_column(column)
    , m_share(share)
{
    m_view->header()->setSectionResizeMode(m_column, QHeaderView::Fixed);
    m_view->viewport()->installEventFilter(this);
    // Rows come and go: the widest visible label decides, once the view has laid them out.
    const auto fitLater = [this] { QTimer::singleShot(0, this, &ColumnShare::fit); };
    connect(m_view->model(), &QAbstractItemModel::rowsInserted, this, fitLater);
    connect(m_view->model(), &QAbstractItemModel::modelReset, this, fitLater);
    connect(m_view->model(), &QAbstractItemModel::rowsRemoved, this, fitLater);
    fit();
}

bool ColumnShare::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_viewport && (event->type() == QEvent::Resize || event->type() == QEvent::FontChange))
        fit();
    return QObject::eventFilter(watched, event);
}

void ColumnShare::fit()
{
    // QTreeView's own measure of the rows it shows (protected there, public on the base it overrides).
    const QAbstractItemView* view = m_view;
    const int contents = std::max(view->sizeHintForColumn(m_column), m_view->header()->sectionSizeHint(m_column));
    const int most = int(m_view->viewport()->width() * m_share);
    const int width = std::min(contents, most);
    if (m_view->header()->sectionSize(m_column) != width)
        m_view->header()->resizeSection(m_column, width);
}
