#include "widgets/lessons/pointerhighlight.h"

#include <QApplication>
#include <QMouseEvent>
#include <QPainter>

namespace {

constexpr int Radius = 22;
constexpr int Stroke = 4;

} // namespace

PointerHighlight::PointerHighlight(QWidget* window)
    : QWidget(window)
{
    setObjectName(QStringLiteral("pointerHighlight"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
}

void PointerHighlight::setActive(bool active)
{
    if (active == m_active)
        return;
    m_active = active;
    if (active) {
        qApp->installEventFilter(this);
        parentWidget()->installEventFilter(this);
        setGeometry(parentWidget()->rect());
        m_at = mapFromGlobal(QCursor::pos());
        show();
        raise();
    } else {
        qApp->removeEventFilter(this);
        parentWidget()->removeEventFilter(this);
        hide();
    }
}

bool PointerHighlight::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize) {
        setGeometry(parentWidget()->rect());
        raise();
    } else if (event->type() == QEvent::MouseMove) {
        const QPoint at = mapFromGlobal(static_cast<QMouseEvent*>(event)->globalPosition().toPoint());
        if (at != m_at) {
            update(ringRect(m_at));
            m_at = at;
            update(ringRect(m_at));
        }
    }
    return false;
}

QRect PointerHighlight::ringRect(const QPoint& at) const
{
    const int reach = Radius + Stroke;
    return { at.x() - reach, at.y() - reach, 2 * reach + 1, 2 * reach + 1 };
}

void PointerHighlight::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    // Yellow with a dark edge reads on the light and the dark theme alike.
    painter.setBrush(QColor(255, 214, 0, 70));
    painter.setPen(QPen(QColor(255, 196, 0, 230), Stroke));
    painter.drawEllipse(m_at, Radius, Radius);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(QColor(40, 40, 40, 160), 1));
    painter.drawEllipse(m_at, Radius + Stroke / 2 + 1, Radius + Stroke / 2 + 1);
}
