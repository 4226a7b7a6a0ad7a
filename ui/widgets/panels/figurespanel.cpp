#include "widgets/panels/figurespanel.h"

#include "models/figuretexts.h"
#include "models/livefeed.h"
#include "widgets/window/language.h"

FiguresPanel::FiguresPanel(LiveFeed* feed, QWidget* parent)
    : QTextBrowser(parent)
    , m_feed(feed)
{
    setOpenLinks(false);
    connect(m_feed, &LiveFeed::reset, this, [this] {
        m_shown = false;
        refresh();
    });
    // The figures are the whole run's: they come once it has ended, computed once.
    connect(m_feed, &LiveFeed::ticked, this, [this] {
        if (!m_shown && m_feed->finished())
            refresh();
    });
    Language::follow(this, [this] { refresh(); });
}

void FiguresPanel::refresh()
{
    const loopscope::Recording* recording = m_feed->recording();
    if (!recording || !m_feed->finished()) {
        m_shown = false;
        setHtml(QStringLiteral("<p>%1</p>").arg(tr("The figures of a run appear here when it ends.").toHtmlEscaped()));
        return;
    }
    m_shown = true;
    const loopscope::Figures figures = loopscope::figuresOf(*recording);
    QString html = QStringLiteral("<ul>");
    for (const QString& line : FigureTexts::lines(figures, *recording))
        html += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
    html += QStringLiteral("</ul>");
    html += FigureTexts::stretchesTable(figures, *recording);
    setHtml(html);
}
