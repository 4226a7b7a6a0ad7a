#include "widgets/lessons/lessonpanel.h"

#include "catalog/scenariotexts.h"
#include "models/figuretexts.h"
#include "widgets/window/language.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include <algorithm>
#include <chrono>

namespace {

// Off-screen runs find the lines to order, and a race when they differ: a dozen for a quick program (a
// race whose rarer order comes one run in four shows it in all but 3 % of lessons), at least three and
// no more than two seconds' worth for a slow one.
constexpr int ProbeRuns = 12;
constexpr int ProbeRunsAtLeast = 3;
constexpr qint64 ProbeBudgetMs = 2000;
constexpr std::chrono::milliseconds ProbeTimeout { 10000 };

// The built-in experiments about a loop kept busy whose lines come in the order they are written: the
// order is no question, whether the loop keeps up is.
bool asksAboutDelay(const QString& scenario)
{
    return scenario == QLatin1String("json-parse") || scenario == QLatin1String("redos");
}

// Not the order printed: reversed, or turned by one where reversing gives the same lines back.
QStringList shuffled(const QStringList& lines)
{
    QStringList out(lines.rbegin(), lines.rend());
    if (out == lines && lines.size() > 1)
        std::rotate(out.begin(), out.begin() + 1, out.end());
    return out;
}

} // namespace

LessonPanel::LessonPanel(QWidget* parent)
    : QWidget(parent)
    , m_probe(new OffscreenRuns(this))
{
    connect(m_probe, &OffscreenRuns::progressed, this, [this](const QList<OffscreenRuns::Output>& outputs, int done) {
        m_outputs.clear();
        for (const OffscreenRuns::Output& output : outputs)
            m_outputs.append(output.lines);
        m_probeRuns = done;
        if (done >= ProbeRunsAtLeast && m_probing.elapsed() > ProbeBudgetMs)
            m_probe->stop();
    });
    connect(m_probe, &OffscreenRuns::finished, this, &LessonPanel::onProbed);
    setObjectName(QStringLiteral("lessonPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_question = new QLabel(this);
    m_question->setObjectName(QStringLiteral("lessonQuestion"));
    m_question->setWordWrap(true);
    layout->addWidget(m_question);

    m_lines = new QListWidget(this);
    m_lines->setObjectName(QStringLiteral("lessonLines"));
    m_lines->setDragDropMode(QAbstractItemView::InternalMove);
    m_lines->setDefaultDropAction(Qt::MoveAction);
    m_lines->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_lines, 1);

    m_keepsUpChoices = new QWidget(this);
    auto* choices = new QVBoxLayout(m_keepsUpChoices);
    choices->setContentsMargins(0, 0, 0, 0);
    m_keepsUp = new QRadioButton(m_keepsUpChoices);
    m_keepsUp->setObjectName(QStringLiteral("lessonAnswers"));
    m_waits = new QRadioButton(m_keepsUpChoices);
    m_waits->setObjectName(QStringLiteral("lessonWaits"));
    choices->addWidget(m_keepsUp);
    choices->addWidget(m_waits);
    choices->addStretch(1);
    layout->addWidget(m_keepsUpChoices, 1);

    auto* buttons = new QHBoxLayout;
    // Alt+Up and Alt+Down move the selected line from the keyboard (eventFilter).
    m_lines->installEventFilter(this);
    m_up = new QPushButton(this);
    m_down = new QPushButton(this);
    m_run = new QPushButton(this);
    m_run->setObjectName(QStringLiteral("lessonRun"));
    buttons->addWidget(m_up);
    buttons->addWidget(m_down);
    buttons->addStretch(1);
    buttons->addWidget(m_run);
    layout->addLayout(buttons);

    // The answer scrolls where the panel is short (presentation mode): its explanation comes last.
    m_answerArea = new QScrollArea(this);
    m_answerArea->setFrameShape(QFrame::NoFrame);
    m_answerArea->setWidgetResizable(true);
    m_answerArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_answer = new QLabel(m_answerArea);
    m_answer->setObjectName(QStringLiteral("lessonAnswer"));
    m_answer->setWordWrap(true);
    m_answer->setTextFormat(Qt::RichText);
    m_answer->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_answerArea->setWidget(m_answer);
    m_answerArea->hide();
    layout->addWidget(m_answerArea, 3);

    auto move = [this](int by) {
        const int row = m_lines->currentRow();
        if (row >= 0)
            moveLine(row, row + by);
    };
    connect(m_up, &QPushButton::clicked, this, [move] { move(-1); });
    connect(m_down, &QPushButton::clicked, this, [move] { move(1); });
    connect(m_run, &QPushButton::clicked, this, [this] {
        setAnswer(nullptr);
        emit runRequested(m_scenario, m_overrides);
    });
    setScenario({});
    Language::follow(this, [this] { setTexts(); });
}

void LessonPanel::setTexts()
{
    m_lines->setAccessibleName(tr("Your order of the lines"));
    m_lines->setToolTip(tr("Drag a line up or down, or select it and press Alt+Up or Alt+Down."));
    if (m_asks == Question::Delay) {
        m_keepsUp->setText(tr("Yes, they run on time"));
        m_keepsUp->setToolTip(tr("Every check runs within a few milliseconds of its time while the program runs."));
        m_waits->setText(tr("No, they wait"));
        m_waits->setToolTip(tr("The checks wait until the program lets the loop go."));
    } else {
        m_keepsUp->setText(tr("Yes, it keeps answering"));
        m_keepsUp->setToolTip(
            tr("Every /health request is answered within a few milliseconds while the program runs."));
        m_waits->setText(tr("No, it waits"));
        m_waits->setToolTip(tr("/health requests wait until the program lets the loop go."));
    }
    m_up->setText(tr("Up"));
    m_up->setToolTip(tr("Moves the selected line up (Alt+Up in the list)."));
    m_down->setText(tr("Down"));
    m_down->setToolTip(tr("Moves the selected line down (Alt+Down in the list)."));
    m_run->setText(tr("Run and check"));
    m_run->setToolTip(tr("Runs the scenario in the window, live or stepped, and compares what it prints with your "
                         "order when it ends."));
    m_question->setText(m_questionText ? m_questionText() : QString());
    m_answer->setText(m_answerText ? m_answerText() : QString());
    showTitle();
}

QString LessonPanel::fullTitle() const
{
    return m_program.title.empty() ? m_scenario : ScenarioTexts::translate(m_program.title);
}

QString LessonPanel::description() const
{
    return ScenarioTexts::translate(m_program.description);
}

void LessonPanel::showTitle()
{
    if (!m_loaded)
        m_title->setText(tr("Select a scenario: its lesson appears here."));
    else
        // A /health or delay scenario's title gives its answer away ("... blocks the loop"): until the run,
        // the lesson's title is its question.
        m_title->setText(m_asks == Question::Order || m_titleShown ? fullTitle()
                : m_asks == Question::Health                       ? tr("Does /health keep answering while it runs?")
                                                                   : tr("Does the loop keep up while it runs?"));
    fitLabels();
}

bool LessonPanel::eventFilter(QObject* watched, QEvent* event)
{
    // The list takes plain arrows to select; with Alt they move the selected line.
    if (watched == m_lines && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->modifiers() == Qt::AltModifier && (key->key() == Qt::Key_Up || key->key() == Qt::Key_Down)) {
            const int row = m_lines->currentRow();
            moveLine(row, row + (key->key() == Qt::Key_Up ? -1 : 1));
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LessonPanel::setScenario(const QString& name, const ScenarioCatalog::Overrides& overrides)
{
    m_probe->cancel();
    m_scenario = name;
    m_overrides = overrides;
    m_outputs.clear();
    m_lines->clear();
    setAnswer(nullptr);
    m_run->setEnabled(false);
    m_up->setEnabled(false);
    m_down->setEnabled(false);
    for (QRadioButton* choice : { m_keepsUp, m_waits }) {
        // Both unchecked: the student has not guessed yet.
        choice->setAutoExclusive(false);
        choice->setChecked(false);
        choice->setAutoExclusive(true);
    }
    auto loaded = ScenarioCatalog::loadScenario(name, overrides);
    m_asks = Question::Order;
    m_titleShown = false;
    m_loaded = !name.isEmpty() && std::holds_alternative<loopscope::Program>(loaded);
    if (!m_loaded) {
        showTitle();
        setQuestion(nullptr);
        showQuestionWidgets();
        return;
    }
    m_program = std::get<loopscope::Program>(std::move(loaded));
    if (m_program.healthProbeMs > 0)
        m_asks = Question::Health;
    else if (m_program.delayMonitorMs > 0 && asksAboutDelay(name))
        m_asks = Question::Delay;
    showTitle();
    showQuestionWidgets();
    m_prepared = false;
    setQuestion([] { return tr("Preparing the lesson…"); });
    // The off-screen runs cost a moment of a core: they wait until the lesson is looked at.
    if (isVisible())
        prepare();
}

void LessonPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitLabels();
}

void LessonPanel::fitLabels()
{
    const QMargins margins = layout()->contentsMargins();
    const int width = this->width() - margins.left() - margins.right();
    for (QLabel* label : { m_title, m_question })
        label->setMinimumHeight(label->text().isEmpty() || width <= 0 ? 0 : label->heightForWidth(width));
}

void LessonPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (!m_prepared && !m_scenario.isEmpty())
        prepare();
}

void LessonPanel::yieldToRun()
{
    if (!m_probe->isRunning())
        return;
    m_probe->stopAndWait();
    // Enough runs to tell a race from a fixed order: the lesson is prepared from them (finished()
    // follows). Too few: it is prepared again once the window's run has ended.
    if (m_probeRuns < ProbeRunsAtLeast) {
        m_probe->cancel();
        m_outputs.clear();
        m_prepared = false;
    }
}

void LessonPanel::resumeProbing()
{
    if (!m_prepared && m_loaded && isVisible())
        prepare();
}

void LessonPanel::prepare()
{
    m_prepared = true;
    m_probeRuns = 0;
    if (m_asks != Question::Order) {
        askWhetherItKeepsUp();
        return;
    }
    m_probing.start();
    m_probe->start(m_program, ProbeRuns, ProbeTimeout);
}

void LessonPanel::showQuestionWidgets()
{
    const bool order = m_asks == Question::Order;
    m_lines->setVisible(order);
    m_up->setVisible(order);
    m_down->setVisible(order);
    m_keepsUpChoices->setVisible(!order);
    setTexts(); // the choices are worded for the question
}

void LessonPanel::askWhetherItKeepsUp()
{
    if (m_asks == Question::Health) {
        setQuestion([ms = m_program.healthProbeMs] {
            return tr("While this program runs, the built-in server is asked for /health every %1 ms. Will it keep "
                      "answering? Choose, then run and check.")
                .arg(ms);
        });
    } else {
        setQuestion([ms = m_program.delayMonitorMs] {
            return tr("While this program runs, the loop checks every %1 ms that it is free (the delay monitor, as "
                      "perf_hooks.monitorEventLoopDelay does). Will those checks keep running on time? Choose, "
                      "then run and check.")
                .arg(ms);
        });
    }
    m_run->setEnabled(true);
}

std::optional<bool> LessonPanel::keepsUpGuess() const
{
    if (m_keepsUp->isChecked())
        return true;
    if (m_waits->isChecked())
        return false;
    return std::nullopt;
}

void LessonPanel::setKeepsUpGuess(bool keepsUp)
{
    (keepsUp ? m_keepsUp : m_waits)->setChecked(true);
}

LessonPanel::Wait LessonPanel::waitOf(Question asked, const loopscope::Figures& figures)
{
    if (asked == Question::Health)
        return { figures.health.known() ? figures.health.max : -1, int(figures.healthFailures) };
    return { figures.longestLateMs(), 0 };
}

bool LessonPanel::keptUp(Question asked, const Wait& wait)
{
    // A /health answer slower than 100 ms is one a user waits for (and several probe intervals): the server
    // did not keep up. A loop-delay check later than 50 ms did not run on time: five of the 10 ms monitor's
    // checks missed. The loops that keep up stay under 30 ms (compute-immediate 14 ms, price-report-chunked
    // 25 ms); a regex backtracking 80 ms or a JSON.parse of 100 ms does not keep up, which 100 ms, /health's
    // bound, called on time.
    const double within = asked == Question::Health ? 100 : 50;
    return wait.failed == 0 && wait.slowestMs >= 0 && wait.slowestMs <= within;
}

void LessonPanel::showWait(const loopscope::Figures& figures)
{
    if (m_asks == Question::Order)
        return;
    m_titleShown = true;
    showTitle();
    const Wait wait = waitOf(m_asks, figures);
    const bool keptUp = LessonPanel::keptUp(m_asks, wait);
    const auto [slowestMs, failed] = wait;
    setAnswer([this, slowestMs, failed, keptUp, unseen = FigureTexts::beforeLoop(figures),
                  health = m_asks == Question::Health, guess = keepsUpGuess()] {
        const QString slowest = QLocale().toString(slowestMs, 'f', slowestMs < 10 ? 1 : 0);
        QString fact;
        if (health && keptUp)
            fact = tr("/health kept answering: the slowest answer took %1 ms.").arg(slowest);
        else if (health && slowestMs >= 0)
            fact = tr("/health waited: its slowest answer took %1 ms, the time the program kept the loop from it.")
                       .arg(slowest);
        else if (health)
            fact = tr("/health got no answer while the program ran.");
        else if (keptUp)
            fact = tr("The delay checks ran on time: the longest delay was %1 ms.").arg(slowest);
        else if (slowestMs >= 0)
            fact = tr("The delay checks waited: the longest delay was %1 ms, the time the program kept the loop "
                      "from them.")
                       .arg(slowest);
        else
            fact = tr("No delay check ran while the program ran.");
        if (failed > 0 && slowestMs >= 0)
            fact += QLatin1Char(' ') + tr("%n request(s) got no answer at all.", nullptr, failed);
        if (!unseen.isEmpty())
            fact += QLatin1Char(' ') + unseen;
        const QString verdict = !guess ? tr("<b>The run:</b> %1").arg(fact.toHtmlEscaped())
            : *guess == keptUp         ? tr("<b>Right.</b> %1").arg(fact.toHtmlEscaped())
                                       : tr("<b>Not quite.</b> %1").arg(fact.toHtmlEscaped());
        const QString where = health
            ? tr("<b>Look at</b> the latency chart (ringed): the /health line climbs wherever the loop was kept "
                 "busy, and falls back once it is free.")
            : tr("<b>Look at</b> the latency chart (ringed): the loop-delay line is a step as wide and as tall "
                 "as each stretch the loop was kept busy.");
        return QStringLiteral("<p>%1</p><p>%2</p><p>%3</p>")
            .arg(verdict, where, tr("<b>Why:</b> %1").arg(description().toHtmlEscaped()));
    });
    emit lookAt(QStringLiteral("latencyDock"));
}

void LessonPanel::onProbed(bool timedOut)
{
    const QList<QStringList>& outputs = m_outputs;
    m_run->setEnabled(true);
    if (!timedOut && !outputs.isEmpty() && outputs.first().size() < 2 && m_program.delayMonitorMs > 0) {
        // Nothing to order, but the delay monitor watches the loop: whether it keeps up is the question.
        m_asks = Question::Delay;
        showQuestionWidgets();
        askWhetherItKeepsUp();
        return;
    }
    if (timedOut || outputs.isEmpty() || outputs.first().size() < 2) {
        setQuestion([timedOut] {
            return timedOut
                ? tr("This scenario does not end on its own: run it and watch the circle and the chart.")
                : tr("This scenario prints fewer than two lines, so there is no order to guess: run it and watch "
                     "the circle and the chart.");
        });
        return;
    }
    setQuestion([race = outputs.size() > 1] {
        return race ? tr("This one is a race: the order can change from run to run. Put the lines in the order you "
                         "expect to see more often, then run and check.")
                    : tr("In which order will these lines print? Put them in the order you expect (drag them, or "
                         "Alt+Up and Alt+Down), then run and check.");
    });
    for (const QString& line : shuffled(outputs.first())) {
        auto* item = new QListWidgetItem(line, m_lines);
        item->setData(Qt::UserRole, line);
    }
    m_lines->setCurrentRow(0);
    m_up->setEnabled(true);
    m_down->setEnabled(true);
}

bool LessonPanel::ready() const
{
    return m_asks == Question::Order ? m_lines->count() >= 2 : m_run->isEnabled();
}

QStringList LessonPanel::guess() const
{
    QStringList lines;
    for (int row = 0; row < m_lines->count(); ++row)
        lines << m_lines->item(row)->data(Qt::UserRole).toString();
    return lines;
}

void LessonPanel::moveLine(int from, int to)
{
    if (from < 0 || from >= m_lines->count() || to < 0 || to >= m_lines->count() || from == to)
        return;
    QListWidgetItem* item = m_lines->takeItem(from);
    m_lines->insertItem(to, item);
    m_lines->setCurrentRow(to);
}

void LessonPanel::showRun(const QStringList& printed)
{
    if (m_asks != Question::Order)
        return;
    const QStringList guessed = guess();
    if (guessed.isEmpty())
        return;
    // Each line says whether it is where the run printed it, in words and colour.
    int placed = 0;
    int firstWrong = -1;
    for (int row = 0; row < m_lines->count(); ++row) {
        QListWidgetItem* item = m_lines->item(row);
        const QString line = item->data(Qt::UserRole).toString();
        const bool right = row < printed.size() && printed[row] == line;
        placed += right ? 1 : 0;
        if (!right && firstWrong < 0)
            firstWrong = row;
        item->setText((right ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + line);
        item->setForeground(right ? QColor(0x2e, 0x9e, 0x4f) : QColor(0xd6, 0x45, 0x45));
    }
    const bool anotherOrderOfARace = m_outputs.size() > 1 && m_outputs.contains(guessed);
    setAnswer([this, guessed, printed, placed, firstWrong, anotherOrderOfARace] {
        QString verdict;
        if (guessed == printed) {
            verdict = tr("<b>Right.</b> The run printed the lines in the order you put them.");
        } else if (anotherOrderOfARace) {
            verdict = tr("<b>Right, some of the time.</b> This run printed another order, but yours comes too: it is "
                         "a race. Loop > Run many times shows how often each order wins.");
        } else {
            verdict = tr("<b>Not quite.</b> %1 of %2 lines were where you put them. Line %3 printed “%4”, where you "
                         "expected “%5”.")
                          .arg(placed)
                          .arg(guessed.size())
                          .arg(firstWrong + 1)
                          .arg(firstWrong < printed.size() ? printed[firstWrong].toHtmlEscaped() : QString(),
                              guessed[firstWrong].toHtmlEscaped());
        }
        return QStringLiteral("<p>%1</p><p>%2</p><p>%3</p>")
            .arg(verdict,
                tr("<b>Look at</b> the console (ringed): the lines in the order the program printed them. Step back "
                   "through the run (Shift+C) to see which queue each one came from."),
                tr("<b>Why:</b> %1").arg(description().toHtmlEscaped()));
    });
    emit lookAt(QStringLiteral("consoleDock"));
}

void LessonPanel::setCodeFont(const QFont& font)
{
    m_lines->setFont(font);
}

void LessonPanel::setQuestion(std::function<QString()> question)
{
    m_questionText = std::move(question);
    m_question->setText(m_questionText ? m_questionText() : QString());
    fitLabels();
}

void LessonPanel::showHeld()
{
    setAnswer([] {
        return tr("<p><b>The run is held before its main module.</b> Press <b>Space</b> to run it to its end, "
                  "or <b>C</b> to step one callback at a time (<b>N</b> a phase, <b>I</b> an iteration) and "
                  "watch the queues; your guess is checked when it ends.</p>");
    });
    m_held = true;
}

void LessonPanel::setAnswer(std::function<QString()> html)
{
    m_held = false;
    m_answerText = std::move(html);
    m_answer->setText(m_answerText ? m_answerText() : QString());
    m_answerArea->setVisible(m_answerText != nullptr);
    m_answerArea->verticalScrollBar()->setValue(0);
}

QString LessonPanel::answerText() const
{
    return m_held ? QString() : m_answer->text();
}

QString LessonPanel::questionText() const
{
    return m_question->text();
}

QString LessonPanel::promptText() const
{
    return m_held ? m_answer->text() : QString();
}
