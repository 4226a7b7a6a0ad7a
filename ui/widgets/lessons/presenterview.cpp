#include "widgets/lessons/presenterview.h"

#include "catalog/scenarioguide.h"
#include "widgets/lessons/lessonpanel.h"
#include "widgets/window/language.h"
#include "widgets/window/mainwindow.h"

#include <QGuiApplication>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QTime>
#include <QVBoxLayout>

#include <utility>

namespace {

QLabel* makeLabel(QWidget* parent, double scale, bool bold, const char* name)
{
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(name));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * scale);
    font.setBold(bold);
    label->setFont(font);
    return label;
}

} // namespace

PresenterView::PresenterView(MainWindow* window, QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_window(window)
{
    setObjectName(QStringLiteral("presenterView"));
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    // Read at arm's length while talking: large, in sections with room between them.
    m_clock = makeLabel(content, 2.6, true, "presenterClock");
    m_title = makeLabel(content, 2.0, true, "presenterTitle");
    m_question = makeLabel(content, 1.7, false, "presenterQuestion");
    m_nowHeading = makeLabel(content, 1.2, true, "presenterNowHeading");
    m_now = makeLabel(content, 1.6, false, "presenterNow");
    m_nextHeading = makeLabel(content, 1.2, true, "presenterNextHeading");
    m_next = makeLabel(content, 1.6, false, "presenterNext");
    m_next->setTextFormat(Qt::RichText);
    m_notesHeading = makeLabel(content, 1.2, true, "presenterNotesHeading");
    m_notes = makeLabel(content, 1.5, false, "presenterNotes");
    for (QLabel* heading : { m_nowHeading, m_nextHeading, m_notesHeading })
        heading->setForegroundRole(QPalette::PlaceholderText);
    const int gap = fontMetrics().height();
    layout->setContentsMargins(gap, gap, gap, gap);
    layout->addWidget(m_clock);
    layout->addWidget(m_title);
    layout->addWidget(m_question);
    for (const auto& [heading, text] : { std::pair { m_nowHeading, m_now }, std::pair { m_nextHeading, m_next },
             std::pair { m_notesHeading, m_notes } }) {
        layout->addSpacing(gap);
        layout->addWidget(heading);
        layout->addWidget(text);
    }
    layout->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    m_refresh.setInterval(250);
    connect(&m_refresh, &QTimer::timeout, this, &PresenterView::refresh);
    Language::follow(this, [this] { setTexts(); });
    resize(900, 700);
}

void PresenterView::setTexts()
{
    setWindowTitle(tr("Presenter's view — LoopScope"));
    m_nowHeading->setText(tr("The window says"));
    m_nextHeading->setText(tr("Next"));
    m_notesHeading->setText(tr("Notes: why it happens"));
    m_clock->setToolTip(tr("How long this view has been open, and the time of day."));
    refresh();
}

bool PresenterView::showOnOtherScreen()
{
    const QScreen* windowScreen = m_window->screen();
    for (QScreen* screen : QGuiApplication::screens()) {
        if (screen == windowScreen)
            continue;
        setScreen(screen);
        setGeometry(screen->availableGeometry());
        show();
        return true;
    }
    return false;
}

void PresenterView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (!m_refresh.isActive()) {
        m_shown.start();
        m_refresh.start();
    }
    refresh();
}

void PresenterView::refresh()
{
    const qint64 seconds = m_shown.isValid() ? m_shown.elapsed() / 1000 : 0;
    m_clock->setText(tr("%1 · %2").arg(QTime(0, 0).addSecs(int(seconds)).toString(QStringLiteral("H:mm:ss")),
        QTime::currentTime().toString(QStringLiteral("HH:mm"))));
    const LessonPanel* lesson = m_window->lessonPanel();
    const QString scenario = lesson->scenario();
    const QString title = lesson->scenarioTitle();
    m_title->setText(title.isEmpty() ? tr("No scenario selected: pick one in the Scenarios tab.") : title);
    // The scenario's own question; the lesson's, which asks for an order or a yes or no, otherwise.
    const std::optional<ScenarioGuide::Place> place = ScenarioGuide::placeOf(scenario);
    m_question->setText(place ? place->question : lesson->questionText());
    m_now->setText(m_window->stateText());
    const QString prompt = lesson->promptText();
    const QString answer = lesson->answerText();
    m_next->setText(!prompt.isEmpty() ? prompt
            : !answer.isEmpty()       ? answer
                                : tr("Ask the question, let the room guess, then Run and check in the Lesson tab."));
    m_notes->setText(lesson->notes());
    m_notesHeading->setVisible(!lesson->notes().isEmpty());
}

QString PresenterView::notesText() const
{
    return m_notes->text();
}

QString PresenterView::nowText() const
{
    return m_now->text();
}

QString PresenterView::nextText() const
{
    return m_next->text();
}
