#pragma once

#include <QList>
#include <QString>

#include <functional>

class QAction;
class QKeySequence;
class QObject;
class QWidget;

// What a control says in the language of the moment: its name and what it does (its tooltip).
struct ControlTexts
{
    QString name;
    QString explanation;
};

// The languages the window speaks and the one the user chose (View > Language), remembered in QSettings.
// The command line's --lang decides at the start of one process; the remembered choice at every start
// after; View > Language switches a running window (apply()).
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
    // Makes `code` the language of the user interface from now on (empty: the system's): its numbers and
    // times, and its translation. Every widget is sent QEvent::LanguageChange and sets its texts again.
    // False when `code` has no translation (English, the source language, needs none).
    static bool apply(const QString& code);
    // Where the translations are read from: the executable's resources (":/i18n"), or a directory of
    // .qm files (tests, which do not embed them).
    static void setDirectory(const QString& directory);
    // Calls `setTexts` now, and again each time apply() changes the language, for as long as `owner`
    // lives: texts set once follow the language chosen later. (Texts drawn when painted, or asked of a
    // model when shown, need none: every widget is repainted.)
    static void follow(QObject* owner, std::function<void()> setTexts);
    // The language applied last (empty: the system's).
    static QString inEffect();
    // A window-wide action (Qt::WindowShortcut) with its shortcut, named and explained by `texts` in the
    // language of the moment, its tooltip naming the shortcut too; made for `window`, which lists it (and
    // takes its shortcut) once it is added there.
    static QAction* control(QWidget* window, const QKeySequence& shortcut, std::function<ControlTexts()> texts);
    // A tooltip: `explanation`, then `shortcut` in bold (nothing more without one).
    static QString withShortcut(const QString& explanation, const QKeySequence& shortcut);
};
