#pragma once

#include <QPoint>
#include <QWidget>

// A ring around the mouse pointer, drawn over the whole window, so that a room watching a projector
// sees where the lecturer points. It takes no input: clicks go through to what lies beneath.
class PointerHighlight : public QWidget
{
    Q_OBJECT

public:
    explicit PointerHighlight(QWidget* window);
    void setActive(bool active);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    QRect ringRect(const QPoint& at) const;

    QPoint m_at { -1000, -1000 };
    bool m_active = false;
};
