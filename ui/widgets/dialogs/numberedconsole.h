#pragma once

#include <QPlainTextEdit>

// A read-only console with line numbers in a margin, as a code editor shows them, and one line that
// can be highlighted (the first line that differs from another console).
class NumberedConsole : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit NumberedConsole(QWidget* parent = nullptr);

    // Shows `lines`; `highlighted` (1-based, 0 for none) is marked and scrolled into view. A line past
    // the end marks the end of the output instead.
    void setLines(const QStringList& lines, int highlighted = 0);
    int highlightedLine() const { return m_highlighted; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    friend class NumberMargin;
    int marginWidth() const;
    void paintMargin(QPaintEvent* event);
    void updateMargin(const QRect& rect, int dy);

    QWidget* m_margin = nullptr;
    int m_highlighted = 0;
};
