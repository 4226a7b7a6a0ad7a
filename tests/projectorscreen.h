#pragma once

#include <QApplication>
#include <QTest>

// A window test's main(): on the offscreen platform its screens are those of `configFile` (in tests/),
// rather than the one the platform would make up (800x600), so what fits a lecture room is what is tested.
#define LOOPSCOPE_SCREENS_TEST_MAIN(TestObject, configFile)                                                            \
    int main(int argc, char** argv)                                                                                    \
    {                                                                                                                  \
        if (qgetenv("QT_QPA_PLATFORM") == "offscreen")                                                                 \
            qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" LOOPSCOPE_SOURCE_DIR "/tests/" configFile);             \
        QApplication app(argc, argv);                                                                                  \
        app.setAttribute(Qt::AA_Use96Dpi, true);                                                                       \
        TestObject test;                                                                                               \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&test, argc, argv);                                                                        \
    }

// A projector's screen, 1280x720.
#define LOOPSCOPE_PROJECTOR_TEST_MAIN(TestObject) LOOPSCOPE_SCREENS_TEST_MAIN(TestObject, "screen-1280x720.json")
