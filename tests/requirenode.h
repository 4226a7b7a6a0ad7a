#pragma once

#include <QStandardPaths>
#include <QTest>

// For checks against the installed Node: without `node` they skip, except under CI
// (CI=true), where nothing may skip silently and a missing node fails the test.
#define REQUIRE_NODE()                                                                                                 \
    do {                                                                                                               \
        if (QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty()) {                                        \
            if (qEnvironmentVariable("CI") == QLatin1String("true"))                                                   \
                QFAIL("node is not installed (scripts/install-deps.sh installs it)");                                  \
            QSKIP("node is not installed");                                                                            \
        }                                                                                                              \
    } while (false)
