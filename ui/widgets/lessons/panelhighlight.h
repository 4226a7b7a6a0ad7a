#pragma once

#include <QPointer>
#include <QWidget>

class QVariantAnimation;

// A ring drawn for a few seconds around the panel a lesson's answer says to look at: thick, yellow with a
// dark edge as the pointer's ring is (it reads on the light and the dark theme), then fading out. It
// follows the panel while it shows, and takes no input: clicks go through to what lies beneath. The
// answer names the panel too, so the ring is never the only sign.
class PanelHighlight : public QWidget
{
    Q_OBJECT

public:
    explicit PanelHighlight(QWidget* window);
    // Rings `panel`, a widget laid out in the window (a dock floating as a window of its own is not).
    void ring(QWidget* panel);
    // The panel ringed now; nullptr once the ring has faded.
    QWidget* ringed() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    void follow();

    QPointer<QWidget> m_panel;
    QVariantAnimation* m_fade = nullptr;
};
