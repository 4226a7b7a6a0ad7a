// Every text the window and its dialogs show fits where it is shown, in each language, at a
// projector's 1280x720: a label, button, spin box, combo box or dock title whose text is wider than
// the room it has (elided or clipped) fails, named with its text and the widget it is in.
#include "catalog/scenariocatalog.h"
#include "projectorscreen.h"
#include "recording/events.h"
#include "widgets/compare/comparisonwindow.h"
#include "widgets/dialogs/nodetimingdialog.h"
#include "widgets/dialogs/runmanydialog.h"
#include "widgets/lessons/lessonpanel.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/language.h"
#include "widgets/window/mainwindow.h"
#include "widgets/window/presentationcontroller.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFontInfo>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTest>
#include <QTextDocument>
#include <QToolBar>

namespace {

// Where a widget is, for a failure message: its object name or class, and its parents'.
QString whereIs(const QWidget* widget)
{
    QStringList path;
    for (const QWidget* w = widget; w; w = w->parentWidget()) {
        const QString name = w->objectName();
        path.prepend(name.isEmpty() ? QString::fromLatin1(w->metaObject()->className()) : name);
        if (w->isWindow())
            break;
    }
    return path.join(QLatin1Char('/'));
}

int widestLine(const QFontMetrics& metrics, const QString& text)
{
    int widest = 0;
    for (const QString& line : text.split(QLatin1Char('\n')))
        widest = std::max(widest, metrics.horizontalAdvance(line));
    return widest;
}

QString withoutMnemonic(QString text)
{
    text.replace(QLatin1String("&&"), QLatin1String("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text;
}

// The texts under `root` that do not fit, one line each.
QStringList clippedTexts(QWidget* root)
{
    QStringList problems;
    auto report = [&](const QWidget* widget, const QString& text, int needed, int room) {
        problems << QStringLiteral("%1: \"%2\" needs %3 px, has %4").arg(whereIs(widget), text).arg(needed).arg(room);
    };
    for (QWidget* widget : root->findChildren<QWidget*>()) {
        if (!widget->isVisible() || widget->width() <= 0)
            continue;
        if (auto* label = qobject_cast<QLabel*>(widget)) {
            const QString text = label->text();
            if (text.isEmpty() || label->pixmap().isNull() == false)
                continue;
            const int room = label->contentsRect().width() - 2 * std::max(0, label->margin());
            if (label->wordWrap()) {
                const int needed = label->heightForWidth(label->width());
                if (needed > label->height() + 1)
                    report(label, text, needed, label->height());
                continue;
            }
            int needed = 0;
            if (Qt::mightBeRichText(text)) {
                QTextDocument document;
                document.setDefaultFont(label->font());
                document.setHtml(text);
                document.setDocumentMargin(0);
                needed = int(document.idealWidth());
            } else {
                needed = widestLine(label->fontMetrics(), withoutMnemonic(text));
            }
            if (needed > room + 1)
                report(label, text, needed, room);
        } else if (auto* spin = qobject_cast<QAbstractSpinBox*>(widget)) {
            QLineEdit* edit = spin->findChild<QLineEdit*>();
            const QString text = spin->text();
            const int needed = spin->fontMetrics().horizontalAdvance(text) + 4;
            if (edit && needed > edit->width())
                report(spin, text, needed, edit->width());
        } else if (auto* combo = qobject_cast<QComboBox*>(widget)) {
            QStyleOptionComboBox option;
            option.initFrom(combo);
            option.editable = combo->isEditable();
            const QRect field
                = combo->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo);
            const int needed = combo->fontMetrics().horizontalAdvance(combo->currentText());
            if (needed > field.width())
                report(combo, combo->currentText(), needed, field.width());
        } else if (auto* button = qobject_cast<QAbstractButton*>(widget)) {
            if (button->text().isEmpty() || button->inherits("QToolBarExtension"))
                continue;
            // A button's style knows what its text and icon need; narrower, the text is cut.
            const int needed = button->minimumSizeHint().width();
            if (button->width() + 1 < needed && !qobject_cast<QCheckBox*>(button))
                report(button, withoutMnemonic(button->text()), needed, button->width());
            if (auto* box = qobject_cast<QCheckBox*>(button); box && box->width() + 1 < box->sizeHint().width())
                report(box, withoutMnemonic(box->text()), box->sizeHint().width(), box->width());
        } else if (auto* bar = qobject_cast<QToolBar*>(widget)) {
            // Controls past a toolbar's end hide behind its » button.
            const auto* more = bar->findChild<QWidget*>(QStringLiteral("qt_toolbar_ext_button"));
            if (more && more->isVisible())
                report(bar, bar->windowTitle() + QStringLiteral(" (controls behind »)"), bar->sizeHint().width(),
                    bar->width());
        } else if (auto* view = qobject_cast<QAbstractItemView*>(widget)) {
            // A cell whose text ends in "…": the columns of the docks' tables and lists (the queues, the
            // loop status, the scenarios) show their words whole.
            const QAbstractItemModel* model = view->model();
            if (!model || view->property("wordWrap").toBool() || view->textElideMode() == Qt::ElideNone)
                continue;
            for (int row = 0; row < std::min(model->rowCount(view->rootIndex()), 100); ++row) {
                for (int column = 0; column < model->columnCount(view->rootIndex()); ++column) {
                    const QModelIndex index = model->index(row, column, view->rootIndex());
                    const QRect cell = view->visualRect(index);
                    const QString text = index.data().toString();
                    if (text.isEmpty() || !cell.isValid() || !view->viewport()->rect().intersects(cell))
                        continue;
                    QStyleOptionViewItem option;
                    option.initFrom(view);
                    option.rect = cell;
                    option.font = view->font();
                    option.fontMetrics = view->fontMetrics();
                    const int needed = view->itemDelegateForIndex(index)->sizeHint(option, index).width();
                    if (needed > cell.width() + 1)
                        report(view, text, needed, cell.width());
                }
            }
        } else if (auto* scroll = qobject_cast<QAbstractScrollArea*>(widget)) {
            // Scrolling down a short dock is fine; what only a sideways scroll shows is hidden.
            const QScrollBar* sideways = scroll->horizontalScrollBar();
            if (scroll->inherits("QScrollArea") && sideways->isVisible() && sideways->maximum() > 0)
                report(scroll, QStringLiteral("(its content, sideways)"), scroll->width() + sideways->maximum(),
                    scroll->width());
        } else if (auto* dock = qobject_cast<QDockWidget*>(widget)) {
            // The title bar holds the title and its float and close buttons.
            const int buttons = 2
                * (dock->style()->pixelMetric(QStyle::PM_DockWidgetTitleBarButtonMargin, nullptr, dock)
                    + dock->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, dock));
            const int needed = dock->fontMetrics().horizontalAdvance(dock->windowTitle()) + buttons
                + 2 * dock->style()->pixelMetric(QStyle::PM_DockWidgetTitleMargin, nullptr, dock);
            if (!dock->isFloating() && needed > dock->width())
                report(dock, dock->windowTitle(), needed, dock->width());
        }
    }
    return problems;
}

// The window's language for as long as it lives: the translation and the locale's numbers.
class InLanguage
{
public:
    explicit InLanguage(const QString& language)
    {
        loaded = Language::apply(language) || language == QLatin1String("en");
    }
    ~InLanguage()
    {
        Language::apply(QStringLiteral("en"));
        QLocale::setDefault(QLocale::c());
    }
    InLanguage(const InLanguage&) = delete;
    InLanguage& operator=(const InLanguage&) = delete;

    bool loaded = false;
};

void addTexts(QStringList& texts, const QAbstractItemModel* model, const QModelIndex& parent = {})
{
    for (int column = 0; column < model->columnCount(parent); ++column) {
        if (!parent.isValid())
            texts << model->headerData(column, Qt::Horizontal).toString();
        for (int row = 0; row < std::min(model->rowCount(parent), 200); ++row) {
            const QModelIndex index = model->index(row, column, parent);
            texts << index.data(Qt::DisplayRole).toString() << index.data(Qt::ToolTipRole).toString()
                  << index.data(Qt::AccessibleTextRole).toString();
            if (column == 0)
                addTexts(texts, model, index);
        }
    }
}

// Every text the window shows or tells, each once, sorted: labels, buttons, menus and their actions,
// window and dock titles, tooltips, accessible names and descriptions (`descriptions`: those describe
// the loop's state of the moment), and the contents of its lists and tables. Numbers are compared by
// how they are written, not by their value: each run of digits reads as one 0.
QStringList shownTexts(QWidget* window, bool descriptions = true)
{
    QStringList texts;
    QList<QWidget*> widgets = window->findChildren<QWidget*>();
    widgets.prepend(window);
    for (QWidget* widget : widgets) {
        texts << widget->windowTitle() << widget->toolTip() << widget->statusTip() << widget->whatsThis()
              << widget->accessibleName();
        if (descriptions)
            texts << widget->accessibleDescription();
        // A label's text is the same laid out on one line or two.
        if (auto* label = qobject_cast<QLabel*>(widget))
            texts << QString(label->text()).replace(QStringLiteral("<br>"), QStringLiteral(" &nbsp; "));
        else if (auto* button = qobject_cast<QAbstractButton*>(widget))
            texts << button->text();
        else if (auto* group = qobject_cast<QGroupBox*>(widget))
            texts << group->title();
        else if (auto* menu = qobject_cast<QMenu*>(widget))
            texts << menu->title();
        else if (auto* edit = qobject_cast<QLineEdit*>(widget))
            texts << edit->placeholderText();
        else if (auto* combo = qobject_cast<QComboBox*>(widget))
            addTexts(texts, combo->model());
        else if (auto* spin = qobject_cast<QSpinBox*>(widget))
            texts << spin->text() << spin->specialValueText();
        else if (auto* view = qobject_cast<QAbstractItemView*>(widget); view && view->model())
            addTexts(texts, view->model());
    }
    for (const QAction* action : window->findChildren<QAction*>())
        texts << action->text() << action->toolTip() << action->statusTip();
    // A phase's name alone is libuv's word in every language and names the loop's phase of the moment,
    // which two windows compared a moment apart need not share.
    auto isPhaseName = [](const QString& text) {
        for (int phase = 0; phase < loopscope::PhaseCount; ++phase) {
            if (text == QLatin1String(loopscope::phaseName(static_cast<loopscope::Phase>(phase))))
                return true;
        }
        return false;
    };
    QStringList shown;
    static const QRegularExpression digits(QStringLiteral("[0-9]+"));
    for (QString text : texts) {
        if (std::any_of(text.begin(), text.end(), [](QChar c) { return c.isLetter(); }) && !isPhaseName(text))
            shown << text.replace(digits, QStringLiteral("0"));
    }
    shown.sort();
    shown.removeDuplicates();
    return shown;
}

// The texts of `texts` that `others` lacks.
QStringList missingFrom(const QStringList& others, const QStringList& texts)
{
    QStringList missing;
    for (const QString& text : texts) {
        if (!std::binary_search(others.begin(), others.end(), text))
            missing << text;
    }
    return missing;
}

void reportAll(const QStringList& problems)
{
    for (const QString& problem : problems)
        qWarning("cut off: %s", qPrintable(problem));
}

} // namespace

class TestLayout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        Language::setDirectory(QStringLiteral(LOOPSCOPE_QM_DIR));
    }

    // View > Language switches a window that is running: it then shows every text a window started in
    // that language shows, none left in the language before, and every text still fits.
    void switchesLanguageWhileRunning_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("Spanish") << QStringLiteral("es");
        QTest::newRow("Belarusian") << QStringLiteral("be");
    }

    void switchesLanguageWhileRunning()
    {
        QFETCH(QString, language);
        auto showAndSelect = [](MainWindow& window) {
            window.resize(1280, 720);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.scenarioBrowser()->select(QStringLiteral("tick-vs-promise")));
            QTRY_VERIFY(window.lessonPanel()->ready());
            QTest::qWait(300);
        };
        QStringList expected;
        QStringList expectedSteady; // without the descriptions of the moment
        {
            InLanguage speaking(language);
            QVERIFY(speaking.loaded);
            MainWindow started;
            showAndSelect(started);
            expected = shownTexts(&started);
            expectedSteady = shownTexts(&started, false);
        }
        InLanguage english(QStringLiteral("en"));
        MainWindow window;
        showAndSelect(window);
        const QStringList before = shownTexts(&window);
        auto* choice = window.findChild<QAction*>(QStringLiteral("language_") + language);
        QVERIFY(choice);
        choice->trigger();
        QCOMPARE(Language::inEffect(), language);
        QCOMPARE(Language::saved(), language);
        QTest::qWait(300);
        const QStringList shown = shownTexts(&window);
        // Left as the window said it before (a text the same in both languages is said by both windows),
        // or said by a window started in the language and not by the switched one.
        QStringList untranslated;
        for (const QString& text : missingFrom(expected, shown)) {
            if (std::binary_search(before.begin(), before.end(), text))
                untranslated << text;
        }
        const QStringList absent = missingFrom(shown, expectedSteady);
        for (const QString& text : untranslated)
            qWarning("shown after the switch, not by a window started in it: %s", qPrintable(text));
        for (const QString& text : absent)
            qWarning("shown by a window started in it, not after the switch: %s", qPrintable(text));
        QVERIFY2(untranslated.isEmpty() && absent.isEmpty(),
            qPrintable(QStringLiteral("%1 texts differ from a window started in the language (listed above)")
                           .arg(untranslated.size() + absent.size())));
        QVERIFY(missingFrom(before, shown).size() > 100); // it did speak English before
        const QStringList problems = clippedTexts(&window);
        reportAll(problems);
        QVERIFY2(
            problems.isEmpty(), qPrintable(QStringLiteral("%1 texts cut off (listed above)").arg(problems.size())));
        QSettings().remove(QStringLiteral("ui/language"));
    }

    void fitsEveryText_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << QStringLiteral("en");
        QTest::newRow("Spanish") << QStringLiteral("es");
        QTest::newRow("Belarusian") << QStringLiteral("be");
    }

    void fitsEveryText()
    {
        QFETCH(QString, language);
        InLanguage speaking(language);
        QVERIFY(speaking.loaded);
        QStringList problems;
        {
            MainWindow window;
            window.resize(1280, 720);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QTest::qWait(300);
            problems << clippedTexts(&window);
            // Docks behind another's tab are brought forward one by one: nothing the task needs is hidden.
            for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
                dock->raise();
                QTest::qWait(50);
                problems << clippedTexts(dock);
            }
            // The lesson of a /health scenario asks with choices instead of lines.
            QVERIFY(window.scenarioBrowser()->select(QStringLiteral("compute-sync")));
            auto* lesson = window.findChild<QDockWidget*>(QStringLiteral("lessonDock"));
            lesson->raise();
            QTRY_VERIFY(window.lessonPanel()->ready());
            QTest::qWait(50);
            problems << clippedTexts(lesson);
            problems.removeDuplicates();

            NodeTimingDialog timing(&window);
            timing.show();
            QVERIFY(QTest::qWaitForWindowExposed(&timing));
            problems << clippedTexts(&timing);

            // Compare two runs, on the projector's screen.
            ComparisonWindow* compare = window.compareTwoRuns();
            compare->resize(1280, 720);
            QVERIFY(QTest::qWaitForWindowExposed(compare));
            QTest::qWait(50);
            problems << clippedTexts(compare);
            compare->close();

            auto race = ScenarioCatalog::loadScenario(QStringLiteral("main-race"));
            RunManyDialog runMany(std::get<loopscope::Program>(std::move(race)), &window);
            runMany.show();
            QVERIFY(QTest::qWaitForWindowExposed(&runMany));
            problems << clippedTexts(&runMany);
        }
        reportAll(problems);
        QVERIFY2(
            problems.isEmpty(), qPrintable(QStringLiteral("%1 texts cut off (listed above)").arg(problems.size())));
    }

    // Presentation mode, the text made larger three times (Ctrl++), on a projector's 1280x720 and on a
    // 1920x1080 screen: the window stays on the screen with its status line, the panels scroll down rather
    // than cut their words, and the circle grows with the text: each step taken draws it at least that
    // much larger, a step the screen has no room for is refused and said so, and the circle never shrinks.
    // Leaving presentation mode brings back the window as it was.
    void presentationStaysOnTheScreenWhenZoomed_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("screenSize");
        for (const QSize size : { QSize(1280, 720), QSize(1920, 1080) }) {
            for (const char* language : { "en", "es", "be" })
                QTest::addRow("%s %dx%d", language, size.width(), size.height())
                    << QString::fromLatin1(language) << size;
        }
    }

    void presentationStaysOnTheScreenWhenZoomed()
    {
        QFETCH(QString, language);
        QFETCH(QSize, screenSize);
        InLanguage speaking(language);
        QVERIFY(speaking.loaded);
        QScreen* chosen = nullptr;
        for (QScreen* screen : QGuiApplication::screens()) {
            if (screen->geometry().size() == screenSize)
                chosen = screen;
        }
        QVERIFY(chosen);
        // A row that fails while presenting leaves the application's font larger: not the next row's.
        const auto keepFont = qScopeGuard([font = QApplication::font()] { QApplication::setFont(font); });
        MainWindow window;
        window.setScreen(chosen);
        window.move(chosen->geometry().topLeft());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect screen = window.screen()->geometry();
        QCOMPARE(screen.size(), screenSize);
        const QSize before = window.size();
        QVERIFY(window.scenarioBrowser()->select(QStringLiteral("guess-order")));
        window.presentation()->setPresenting(true);
        QTest::qWait(200);
        QAction* zoomIn = window.findChild<QAction*>(QStringLiteral("zoomInAction"));
        QVERIFY(zoomIn);
        int taken = 0;
        for (int press = 0; press < 3; ++press) {
            const double circle = window.phaseWheel()->drawnScale();
            const double text = QApplication::font().pointSizeF();
            zoomIn->trigger();
            QTest::qWait(200);
            const double scale = window.phaseWheel()->drawnScale();
            if (QApplication::font().pointSizeF() > text) {
                ++taken;
                // The circle's smallest words (13 logical pixels) at least four fifths of the window's text.
                const double words = PhaseWheel::SmallestWordPixels * scale;
                QVERIFY2(words >= 0.8 * QFontInfo(QApplication::font()).pixelSize() - 0.5,
                    qPrintable(QStringLiteral("step %1: the circle's words %2 px, the window's %3 px")
                                   .arg(press)
                                   .arg(words)
                                   .arg(QFontInfo(QApplication::font()).pixelSize())));
            } else {
                QVERIFY2(scale >= circle * 0.99,
                    qPrintable(QStringLiteral("step %1 refused, yet the circle shrank from %2 to %3")
                                   .arg(press)
                                   .arg(circle)
                                   .arg(scale)));
                QVERIFY(!window.statusBar()->currentMessage().isEmpty());
                // The message is shown instead of the state of the moment, not over it.
                QVERIFY(!window.findChild<QLabel*>(QStringLiteral("stateLabel"))->isVisible());
            }
        }
        // A 1920x1080 screen has room for larger text.
        if (screenSize.height() >= 1080)
            QVERIFY2(taken >= 2, qPrintable(QStringLiteral("%1 steps taken").arg(taken)));
        QVERIFY2(screen.contains(window.frameGeometry()),
            qPrintable(
                QStringLiteral("%1x%2").arg(window.frameGeometry().width()).arg(window.frameGeometry().height())));
        QVERIFY(window.statusBar()->isVisible());
        QVERIFY(screen.contains(window.statusBar()->mapToGlobal(window.statusBar()->rect().bottomRight())));
        // The lesson's words are as wide as its panel shows, never wider: it scrolls down, not across.
        auto* lessonScroll = window.findChild<QScrollArea*>(QStringLiteral("lessonScroll"));
        QVERIFY(lessonScroll);
        QVERIFY2(window.lessonPanel()->width() <= lessonScroll->viewport()->width(),
            qPrintable(
                QStringLiteral("%1 > %2").arg(window.lessonPanel()->width()).arg(lessonScroll->viewport()->width())));
        QStringList problems = clippedTexts(&window);
        reportAll(problems);
        QVERIFY2(
            problems.isEmpty(), qPrintable(QStringLiteral("%1 texts cut off (listed above)").arg(problems.size())));

        window.presentation()->setPresenting(false);
        QTest::qWait(200);
        QVERIFY2(std::abs(window.height() - before.height()) <= 4 && std::abs(window.width() - before.width()) <= 4,
            qPrintable(QStringLiteral("%1x%2, was %3x%4")
                           .arg(window.width())
                           .arg(window.height())
                           .arg(before.width())
                           .arg(before.height())));
    }

    // Presentation mode, text larger and only the panels chosen: nothing cut at a projector's 1280x720
    // nor at 1024x768.
    void fitsEveryTextInPresentation_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        for (const char* language : { "en", "es", "be" }) {
            for (const QSize size : { QSize(1280, 720), QSize(1024, 768) }) {
                QTest::addRow("%s %dx%d", language, size.width(), size.height())
                    << QString::fromLatin1(language) << size;
            }
        }
    }

    void fitsEveryTextInPresentation()
    {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        InLanguage speaking(language);
        QVERIFY(speaking.loaded);
        QStringList problems;
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.presentation()->setPresenting(true);
            // The offscreen screen is not a projector's: the window takes the projector's size itself.
            window.setWindowState(Qt::WindowNoState);
            window.resize(size);
            QTest::qWait(300);
            problems << clippedTexts(&window);
            window.presentation()->setPresenting(false);
        }
        reportAll(problems);
        QVERIFY2(
            problems.isEmpty(), qPrintable(QStringLiteral("%1 texts cut off (listed above)").arg(problems.size())));
    }
};

// A projector (the first screen, where windows open) and a 1920x1080 monitor beside it.
LOOPSCOPE_SCREENS_TEST_MAIN(TestLayout, "screens-projector-and-monitor.json")
#include "tst_layout.moc"
