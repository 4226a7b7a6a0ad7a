#include "widgets/window/language.h"

#include <QAction>
#include <QApplication>
#include <QKeySequence>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>
#include <QWidget>

namespace {

// Tells the texts that follow the language (Language::follow) that it changed.
class Notifier : public QObject
{
    Q_OBJECT

signals:
    void changed();
};

Notifier& notifier()
{
    static Notifier instance;
    return instance;
}

const char* const LanguageKey = "ui/language";
QString s_inEffect;
QPointer<QTranslator> s_translator;
QString s_directory = QStringLiteral(":/i18n");

} // namespace

QList<Language::Choice> Language::available()
{
    // Each language named in itself, so that a user who cannot read the current one still finds theirs.
    return {
        { QString(), QCoreApplication::translate("Language", "System language") },
        { QStringLiteral("en"), QStringLiteral("English") },
        { QStringLiteral("es"), QStringLiteral("Español") },
        { QStringLiteral("be"), QStringLiteral("Беларуская") },
    };
}

QString Language::saved()
{
    const QString code = QSettings().value(QLatin1String(LanguageKey)).toString();
    for (const Choice& choice : available()) {
        if (choice.code == code)
            return code;
    }
    return {};
}

void Language::save(const QString& code)
{
    if (code.isEmpty())
        QSettings().remove(QLatin1String(LanguageKey));
    else
        QSettings().setValue(QLatin1String(LanguageKey), code);
}

QString Language::nameOf(const QString& code)
{
    for (const Choice& choice : available()) {
        if (choice.code == code)
            return choice.name;
    }
    return code;
}

QString Language::inEffect()
{
    return s_inEffect;
}

bool Language::apply(const QString& code)
{
    // The locale first: the texts set again on LanguageChange format their numbers in it. Widgets keep the
    // locale they were made with until told (spin boxes show their numbers in it): each window follows
    // the new default, and its children follow it.
    const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    QLocale::setDefault(locale);
    if (qobject_cast<QApplication*>(QCoreApplication::instance())) {
        for (QWidget* window : QApplication::topLevelWidgets())
            window->unsetLocale();
    }
    s_inEffect = code;
    delete s_translator; // removes itself, which tells every widget the language changed
    auto* translator = new QTranslator(QCoreApplication::instance());
    const bool loaded = translator->load(locale, QStringLiteral("loopscope"), QStringLiteral("_"), s_directory);
    if (loaded) {
        QCoreApplication::installTranslator(translator);
        s_translator = translator;
    } else {
        delete translator;
    }
    emit notifier().changed();
    return loaded;
}

void Language::follow(QObject* owner, std::function<void()> setTexts)
{
    setTexts();
    QObject::connect(&notifier(), &Notifier::changed, owner, std::move(setTexts));
}

void Language::setDirectory(const QString& directory)
{
    s_directory = directory;
}

QString Language::withShortcut(const QString& explanation, const QKeySequence& shortcut)
{
    if (shortcut.isEmpty())
        return explanation;
    return QStringLiteral("<p>%1</p><p><b>%2</b></p>")
        .arg(explanation.toHtmlEscaped(), shortcut.toString(QKeySequence::NativeText).toHtmlEscaped());
}

QAction* Language::control(QWidget* window, const QKeySequence& shortcut, std::function<ControlTexts()> texts)
{
    auto* action = new QAction(window);
    action->setShortcut(shortcut);
    action->setShortcutContext(Qt::WindowShortcut);
    follow(action, [action, shortcut, texts = std::move(texts)] {
        const ControlTexts said = texts();
        action->setText(said.name);
        action->setToolTip(withShortcut(said.explanation, shortcut));
        action->setStatusTip(said.explanation);
    });
    return action;
}

#include "language.moc"
