#include "widgets/lessons/panelhighlight.h"

#include <QEvent>
#include <QPainter>
#include <QVariantAnimation>

namespace {

constexpr int Stroke = 6;
// Fully drawn for the first half, then fading: long enough to find it on a projected screen.
constexpr int ShownMs = 3500;

} // namespace

PanelHighlight::PanelHighlight(QWidget* window)
    : QWidget(window)
    , m_fade(new QVariantAnimation(this))
{
    setObjectName(QStringLiteral("panelHighlight"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    m_fade->setDuration(ShownMs);
    m_fade->setKeyValues({ { 0.0, 1.0 }, { 0.5, 1.0 }, { 1.0, 0.0 } });
    connect(m_fade, &QVariantAnimation::valueChanged, this, qOverload<>(&QWidget::update));
    connect(m_fade, &QVariantAnimation::finished, this, [this] {
        if (m_panel)
            m_panel->removeEventFilter(this);
        m_panel = nullptr;
        hide();
    });
    hide();
}

void PanelHighlight::ring(QWidget* panel)
{
    if (m_panel)
        m_panel->removeEventFilter(this);
    m_panel = panel;
    if (!panel || !panel->isVisible() || panel->isWindow()) {
        m_panel = nullptr;
        hide();
        return;
    }
    panel->installEventFilter(this);
    follow();
    show();
    raise();
    m_fade->stop();
    m_fade->start();
}

QWidget* PanelHighlight::ringed() const
{
    return m_panel;
}

void PanelHighlight::follow()
{
    const QRect where(m_panel->mapTo(parentWidget(), QPoint(0, 0)), m_panel->size());
    setGeometry(where.adjusted(-Stroke / 2, -Stroke / 2, Stroke / 2, Stroke / 2).intersected(parentWidget()->rect()));
}

bool PanelHighlight::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_panel && (event->type() == QEvent::Move || event->type() == QEvent::Resize))
        follow();
    else if (watched == m_panel && event->type() == QEvent::Hide)
        m_fade->setCurrentTime(ShownMs);
    return false;
}

void PanelHighlight::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setOpacity(m_fade->currentValue().toDouble());
    const QRectF ring
        = QRectF(rect()).adjusted(Stroke / 2.0 + 1, Stroke / 2.0 + 1, -Stroke / 2.0 - 1, -Stroke / 2.0 - 1);
    painter.setPen(QPen(QColor(255, 196, 0, 235), Stroke));
    painter.drawRoundedRect(ring, 6, 6);
    painter.setPen(QPen(QColor(40, 40, 40, 170), 1));
    painter.drawRoundedRect(ring.adjusted(-Stroke / 2.0, -Stroke / 2.0, Stroke / 2.0, Stroke / 2.0), 8, 8);
}
