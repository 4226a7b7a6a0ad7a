#include "widgets/dialogs/numberedconsole.h"

#include <QFontDatabase>
#include <QPainter>
#include <QTextBlock>

class NumberMargin : public QWidget
{
public:
    explicit NumberMargin(NumberedConsole* console)
        : QWidget(console)
        , m_console(console)
    { }

    QSize sizeHint() const override { return { m_console->marginWidth(), 0 }; }

protected:
    void paintEvent(QPaintEvent* event) override { m_console->paintMargin(event); }

private:
    NumberedConsole* m_console;
};

NumberedConsole::NumberedConsole(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_margin(new NumberMargin(this))
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(marginWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, &NumberedConsole::updateMargin);
    setViewportMargins(marginWidth(), 0, 0, 0);
}

void NumberedConsole::setLines(const QStringList& lines, int highlighted)
{
    QStringList shown = lines;
    // A difference past the last line is the end of this output: a note line marks where it ended.
    if (highlighted > lines.size())
        shown.append(tr("(end of output)"));
    setPlainText(shown.join(QLatin1Char('\n')));
    m_highlighted = highlighted > 0 ? std::min<int>(highlighted, int(shown.size())) : 0;
    QList<QTextEdit::ExtraSelection> selections;
    if (m_highlighted > 0) {
        QTextEdit::ExtraSelection selection;
        QColor mark = palette().color(QPalette::Highlight);
        mark.setAlpha(70);
        selection.format.setBackground(mark);
        selection.format.setProperty(QTextFormat::FullWidthSelection, true);
        selection.cursor = QTextCursor(document()->findBlockByNumber(m_highlighted - 1));
        selections.append(selection);
        setTextCursor(selection.cursor);
        centerCursor();
    }
    setExtraSelections(selections);
}

int NumberedConsole::marginWidth() const
{
    const int digits = QString::number(std::max(1, blockCount())).size();
    return 12 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
}

void NumberedConsole::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect area = contentsRect();
    m_margin->setGeometry(QRect(area.left(), area.top(), marginWidth(), area.height()));
}

void NumberedConsole::updateMargin(const QRect& rect, int dy)
{
    if (dy != 0)
        m_margin->scroll(0, dy);
    else
        m_margin->update(0, rect.y(), m_margin->width(), rect.height());
}

void NumberedConsole::paintMargin(QPaintEvent* event)
{
    QPainter painter(m_margin);
    painter.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= event->rect().bottom()) {
        const int bottom = top + qRound(blockBoundingRect(block).height());
        const int number = block.blockNumber() + 1;
        if (block.isVisible() && bottom >= event->rect().top()) {
            QFont font = this->font();
            font.setBold(number == m_highlighted);
            painter.setFont(font);
            painter.setPen(palette().color(number == m_highlighted ? QPalette::Text : QPalette::PlaceholderText));
            painter.drawText(
                0, top, m_margin->width() - 6, fontMetrics().height(), Qt::AlignRight, QString::number(number));
        }
        block = block.next();
        top = bottom;
    }
}
