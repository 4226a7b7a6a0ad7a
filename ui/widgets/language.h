#pragma once

#include <QList>
#include <QString>

// The languages the window speaks and the one the user chose (View > Language), remembered in QSettings.
// The command line's --lang decides for one process; the remembered choice for every start after.
class Language
{
public:
    struct Choice
    {
        QString code; // "en", "es", "be"; empty: the system's language
        QString name; // in its own language, as a menu lists it
    };

    static QList<Choice> available();
    // The remembered choice; empty when the system's language is used.
    static QString saved();
    static void save(const QString& code);
    // The name of `code` in its own language ("Español"); the system's for an empty code.
    static QString nameOf(const QString& code);
    // The language this process speaks, as its start chose it (--lang, else the remembered one).
    static QString inEffect();
    static void setInEffect(const QString& code);
};
