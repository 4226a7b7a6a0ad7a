#pragma once

#include <QCoreApplication>
#include <QString>

// The translatable texts of the built-in scenarios (titles, descriptions,
// parameter descriptions), in the "Scenario" context.
struct ScenarioTexts
{
    // Every source text, ending with nullptr (generated: scripts/update-scenario-texts.py).
    static const char* const sources[];

    // The text in the user's language, or as written when it has no translation.
    static QString translate(const std::string& text) { return QCoreApplication::translate("Scenario", text.c_str()); }
};
