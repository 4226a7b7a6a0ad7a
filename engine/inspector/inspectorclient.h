#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QUrl>

namespace loopscope::inspector {

// The V8 inspector protocol as LoopScope speaks it to a Node.js process whose inspector it opened
// (loopscope --attach-pid): the target's WebSocket address from its /json/list, one Runtime.evaluate with
// the console's command-line API (require()), and the evaluation's outcome.

// The body of HTTP response `response` once all of it has come (as its Content-Length says), else empty.
QByteArray completeBody(const QByteArray& response);
// GET /json/list from the inspector's HTTP side at 127.0.0.1:`port`: the body, as soon as it has come whole
// (Node keeps the connection open), or when the server closes it; empty on failure or after `timeoutMs`.
QByteArray targetList(int port, int timeoutMs);
// The first target's webSocketDebuggerUrl in the body of GET /json/list, or an empty URL.
QUrl debuggerUrl(const QByteArray& jsonList);
// A Runtime.evaluate request numbered `id` for `expression`, its value returned by value.
QByteArray evaluateRequest(int id, const QString& expression);
// The outcome of Runtime.evaluate reply `reply`: empty when its value is `true`, else why not (the string
// the expression returned, the exception it threw, the protocol's error).
QString evaluateOutcome(const QJsonObject& reply);

// Loads the probe into the process whose inspector listens on 127.0.0.1:`port`: evaluates `expression` and
// then closes the inspector (InspectorCloseExpression), whatever the outcome, so that the program is left
// as it was. Blocks the calling thread (any thread: it runs an event loop of its own) for at most
// `timeoutMs` a step. Returns empty, or why the probe does not run.
QString loadProbe(int port, const QString& expression, int timeoutMs = 5000);

} // namespace loopscope::inspector
