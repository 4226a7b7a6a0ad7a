#include "widgets/language.h"

#include <QCoreApplication>
#include <QSettings>

namespace {

const char* const LanguageKey = "ui/language";
QString s_inEffect;

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

void Language::setInEffect(const QString& code)
{
    s_inEffect = code;
}
