// Every text the window and its dialogs show fits where it is shown, in each language, at a
// projector's 1280x720: a label, button, spin box, combo box or dock title whose text is wider than
// the room it has (elided or clipped) fails, named with its text and the widget it is in.
#include "catalog/scenariocatalog.h"
#include "widgets/lessonpanel.h"
#include "widgets/mainwindow.h"
#include "widgets/nodetimingdialog.h"
#include "widgets/runmanydialog.h"
#include "widgets/scenariobrowser.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTest>
#include <QTextDocument>
#include <QToolBar>
#include <QTranslator>

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
        loaded = language == QLatin1String("en")
            || m_translator.load(QStringLiteral("loopscope_%1").arg(language), QStringLiteral(LOOPSCOPE_QM_DIR));
        if (language != QLatin1String("en"))
            QCoreApplication::installTranslator(&m_translator);
        QLocale::setDefault(QLocale(language));
    }
    ~InLanguage()
    {
        QCoreApplication::removeTranslator(&m_translator);
        QLocale::setDefault(QLocale::c());
    }
    InLanguage(const InLanguage&) = delete;
    InLanguage& operator=(const InLanguage&) = delete;

    bool loaded = false;

private:
    QTranslator m_translator;
};

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
            window.setPresenting(true);
            // The offscreen screen is not a projector's: the window takes the projector's size itself.
            window.setWindowState(Qt::WindowNoState);
            window.resize(size);
            QTest::qWait(300);
            problems << clippedTexts(&window);
            window.setPresenting(false);
        }
        reportAll(problems);
        QVERIFY2(
            problems.isEmpty(), qPrintable(QStringLiteral("%1 texts cut off (listed above)").arg(problems.size())));
    }
};

QTEST_MAIN(TestLayout)
#include "tst_layout.moc"
