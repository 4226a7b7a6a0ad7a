#pragma once

#include <QScrollArea>

// A panel that scrolls down, never across: as wide as its content needs (whatever the text size of the
// moment), as short as a dock may make it.
class VerticalScrollArea : public QScrollArea
{
    Q_OBJECT

public:
    explicit VerticalScrollArea(QWidget* content, QWidget* parent = nullptr);

    QSize minimumSizeHint() const override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};
