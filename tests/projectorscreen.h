#pragma once

#include <QApplication>
#include <QTest>

// A window test's main(): on the offscreen platform its screen is a projector's, 1280x720, rather than the
// one the platform would make up (800x600), so what fits a lecture room is what is tested.
#define LOOPSCOPE_PROJECTOR_TEST_MAIN(TestObject)                                                                      \
    int main(int argc, char** argv)                                                                                    \
    {                                                                                                                  \
        if (qgetenv("QT_QPA_PLATFORM") == "offscreen")                                                                 \
            qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" LOOPSCOPE_SOURCE_DIR "/tests/screen-1280x720.json");    \
        QApplication app(argc, argv);                                                                                  \
        app.setAttribute(Qt::AA_Use96Dpi, true);                                                                       \
        TestObject test;                                                                                               \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&test, argc, argv);                                                                        \
    }
