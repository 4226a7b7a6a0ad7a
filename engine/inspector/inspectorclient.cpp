#include "inspector/inspectorclient.h"

#include "attach/processattach.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTimer>
#include <QWebSocket>

#include <functional>

namespace loopscope::inspector {

namespace {

// Runs an event loop of its own until `done` says so or `timeoutMs` pass; false on the timeout.
bool waitFor(QEventLoop& loop, int timeoutMs, const std::function<bool()>& done)
{
    if (done())
        return true;
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    timer.start(timeoutMs);
    while (!done() && timer.isActive())
        loop.exec();
    return done();
}

} // namespace

QByteArray completeBody(const QByteArray& response)
{
    const qsizetype headersEnd = response.indexOf("\r\n\r\n");
    if (headersEnd < 0)
        return {};
    const QByteArray body = response.mid(headersEnd + 4);
    for (const QByteArray& line : response.left(headersEnd).split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().compare("Content-Length", Qt::CaseInsensitive) == 0) {
            bool number = false;
            const qsizetype length = line.mid(colon + 1).trimmed().toLongLong(&number);
            return number && length >= 0 && body.size() >= length ? body.left(length) : QByteArray();
        }
    }
    return {};
}

QByteArray targetList(int port, int timeoutMs)
{
    QEventLoop loop;
    QTcpSocket socket;
    QByteArray response;
    bool closed = false;
    QObject::connect(&socket, &QTcpSocket::readyRead, &loop, [&] {
        response += socket.readAll();
        loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::disconnected, &loop, [&] {
        closed = true;
        loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::errorOccurred, &loop, [&] {
        closed = true;
        loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::connected, &loop, [&] {
        socket.write(
            "GET /json/list HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port) + "\r\nConnection: close\r\n\r\n");
    });
    socket.connectToHost(QStringLiteral("127.0.0.1"), quint16(port));
    // Node answers in HTTP/1.0 with the body's length, and keeps the connection open whatever the request
    // says: the answer is whole when its length has come, not when the connection closes.
    waitFor(loop, timeoutMs, [&] { return closed || !completeBody(response).isEmpty(); });
    response += socket.readAll();
    const QByteArray whole = completeBody(response);
    if (!whole.isEmpty())
        return whole;
    const qsizetype body = response.indexOf("\r\n\r\n");
    return body < 0 || !closed ? QByteArray() : response.mid(body + 4);
}

QUrl debuggerUrl(const QByteArray& jsonList)
{
    const QJsonArray targets = QJsonDocument::fromJson(jsonList).array();
    for (const QJsonValue& target : targets) {
        const QString url = target.toObject().value(QStringLiteral("webSocketDebuggerUrl")).toString();
        if (!url.isEmpty())
            return QUrl(url);
    }
    return {};
}

QByteArray evaluateRequest(int id, const QString& expression)
{
    const QJsonObject params { { QStringLiteral("expression"), expression },
        { QStringLiteral("includeCommandLineAPI"), true }, { QStringLiteral("returnByValue"), true } };
    const QJsonObject request { { QStringLiteral("id"), id },
        { QStringLiteral("method"), QStringLiteral("Runtime.evaluate") }, { QStringLiteral("params"), params } };
    return QJsonDocument(request).toJson(QJsonDocument::Compact);
}

QString evaluateOutcome(const QJsonObject& reply)
{
    if (reply.contains(QStringLiteral("error")))
        return QStringLiteral("the inspector refused: %1")
            .arg(reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString());
    const QJsonObject result = reply.value(QStringLiteral("result")).toObject();
    if (result.contains(QStringLiteral("exceptionDetails"))) {
        const QJsonObject details = result.value(QStringLiteral("exceptionDetails")).toObject();
        const QString thrown
            = details.value(QStringLiteral("exception")).toObject().value(QStringLiteral("description")).toString();
        return QStringLiteral("loading it threw %1")
            .arg(thrown.isEmpty() ? details.value(QStringLiteral("text")).toString()
                                  : thrown.section(QLatin1Char('\n'), 0, 0));
    }
    const QJsonValue value = result.value(QStringLiteral("result")).toObject().value(QStringLiteral("value"));
    if (value.isBool() && value.toBool())
        return {};
    return value.isString() ? value.toString() : QStringLiteral("it said nothing");
}

QString loadProbe(int port, const QString& expression, int timeoutMs)
{
    const QUrl url = debuggerUrl(targetList(port, timeoutMs));
    if (url.isEmpty())
        return QStringLiteral("its inspector on port %1 named no target").arg(port);
    QEventLoop loop;
    QWebSocket socket;
    bool open = false;
    bool closed = false;
    QJsonObject reply;
    QObject::connect(&socket, &QWebSocket::connected, &loop, [&] {
        open = true;
        loop.quit();
    });
    QObject::connect(&socket, &QWebSocket::disconnected, &loop, [&] {
        closed = true;
        loop.quit();
    });
    QObject::connect(&socket, &QWebSocket::textMessageReceived, &loop, [&](const QString& message) {
        const QJsonObject received = QJsonDocument::fromJson(message.toUtf8()).object();
        if (received.value(QStringLiteral("id")).toInt() == 1) {
            reply = received;
            loop.quit();
        }
    });
    socket.open(url);
    if (!waitFor(loop, timeoutMs, [&] { return open || closed; }) || !open)
        return QStringLiteral("its inspector on port %1 took no session (%2)").arg(port).arg(socket.errorString());
    socket.sendTextMessage(QString::fromUtf8(evaluateRequest(1, expression)));
    const bool answered = waitFor(loop, timeoutMs, [&] { return !reply.isEmpty() || closed; }) && !reply.isEmpty();
    const QString outcome = answered ? evaluateOutcome(reply) : QStringLiteral("its inspector did not answer");
    // Closing the inspector ends this session too: no reply comes, the connection closes.
    if (!closed) {
        socket.sendTextMessage(
            QString::fromUtf8(evaluateRequest(2, QString::fromLatin1(wire::InspectorCloseExpression))));
        waitFor(loop, timeoutMs, [&] { return closed; });
        socket.abort();
    }
    return outcome;
}

} // namespace loopscope::inspector
