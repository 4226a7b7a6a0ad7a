#pragma once

#include "session/session.h"

#include <QTest>

// Stops `session` (if it still runs) and checks that it ended as libuv's own tests end every case: the loop
// closed (uv_loop_close() == 0), no handle left for stop() to close, no thread-pool work left behind.
#define VERIFY_SESSION_CLOSED(session)                                                                                 \
    do {                                                                                                               \
        (session).stop();                                                                                              \
        QCOMPARE((session).closeResult(), 0);                                                                          \
        QCOMPARE((session).handlesLeftOpen(), 0);                                                                      \
        QCOMPARE((session).poolWorkLeft(), 0u);                                                                        \
    } while (false)
