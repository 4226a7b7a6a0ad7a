#include "widgets/panels/verticalscrollarea.h"

#include <QEvent>
#include <QStyle>

#include <algorithm>

VerticalScrollArea::VerticalScrollArea(QWidget* content, QWidget* parent)
    : QScrollArea(parent)
{
    setWidget(content);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
}

QSize VerticalScrollArea::minimumSizeHint() const
{
    const QSize scrolled = QScrollArea::minimumSizeHint();
    if (!widget())
        return scrolled;
    const int across = widget()->minimumSizeHint().width()
        + style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this) + frameWidth() * 2;
    return { std::max(scrolled.width(), across), scrolled.height() };
}

// Content that needs another width (larger text, another language) makes the panel ask for it.
bool VerticalScrollArea::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == widget() && event->type() == QEvent::LayoutRequest)
        updateGeometry();
    return QScrollArea::eventFilter(watched, event);
}
