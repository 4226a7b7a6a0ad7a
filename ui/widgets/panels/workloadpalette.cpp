#include "widgets/panels/workloadpalette.h"

#include "widgets/window/language.h"

#include <QAction>
#include <QComboBox>
#include <QGridLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>

namespace {

using Workload = WorkloadPalette::Workload;

// The range of a workload's value, and what it starts at.
struct Range
{
    int min;
    int max;
    int value;
};

// The unit and the meaning of a workload's first (`second` false) or second value, in the language of the
// moment; an empty unit for a workload without that value.
struct ValueTexts
{
    QString unit;
    QString meaning;
};

ValueTexts valueTexts(Workload workload, bool second)
{
    switch (workload) {
    case Workload::Block:
        return { WorkloadPalette::tr(" ms"), WorkloadPalette::tr("How long the callback hashes without yielding.") };
    case Workload::MicrotaskChain:
        return { WorkloadPalette::tr(" steps"),
            WorkloadPalette::tr("Promise reactions, each queued by the one before.") };
    case Workload::NextTickStorm:
        return { WorkloadPalette::tr(" ticks"), WorkloadPalette::tr("nextTicks, each queued by the one before.") };
    case Workload::TimeoutChunks:
    case Workload::ImmediateChunks:
        return second
            ? ValueTexts { WorkloadPalette::tr(" ms each"), WorkloadPalette::tr("How long each chunk hashes.") }
            : ValueTexts { WorkloadPalette::tr(" steps"), WorkloadPalette::tr("How many chunks the job is cut into.") };
    case Workload::Pbkdf2:
        return second
            ? ValueTexts { WorkloadPalette::tr(" iter."), WorkloadPalette::tr("PBKDF2 iterations of each call.") }
            : ValueTexts { WorkloadPalette::tr(" ×"), WorkloadPalette::tr("How many pbkdf2 calls to start at once.") };
    case Workload::Worker:
        return { WorkloadPalette::tr(" ms"), WorkloadPalette::tr("How long the worker hashes on its own loop.") };
    case Workload::JsonParse:
        return { WorkloadPalette::tr(" MB"), WorkloadPalette::tr("Size of the JSON text JSON.parse reads.") };
    case Workload::Regex:
        return { WorkloadPalette::tr(" chars"), WorkloadPalette::tr("Length of the coupon code tested.") };
    case Workload::ReadFile:
    case Workload::DnsLookup:
    case Workload::HttpGet:
        break;
    }
    return {};
}

QJsonObject op(const char* name, std::initializer_list<std::pair<const char*, QJsonValue>> fields = {})
{
    QJsonObject object { { QStringLiteral("op"), QString::fromLatin1(name) } };
    for (const auto& [key, value] : fields)
        object.insert(QString::fromLatin1(key), value);
    return object;
}

QJsonArray logBody(const QString& text)
{
    return QJsonArray { op("log", { { "text", text } }) };
}

// Wide enough for its starting value with its unit in any language, so nothing is cut; the widest value
// of a large range would make the dock scroll sideways, so a longer value scrolls within the field. What
// the field needs besides its text (frame, arrows) is what its own size hint adds to its widest text.
void fitStartingValue(QSpinBox* spin)
{
    const QFontMetrics metrics = spin->fontMetrics();
    auto textWidth = [&](int value) {
        return metrics.horizontalAdvance(spin->prefix() + spin->locale().toString(value) + spin->suffix());
    };
    const int overhead = spin->sizeHint().width() - std::max(textWidth(spin->minimum()), textWidth(spin->maximum()));
    spin->setMinimumWidth(overhead + textWidth(spin->value()));
}

} // namespace

WorkloadPalette::WorkloadPalette(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QGridLayout(this);
    layout->setColumnStretch(0, 1);
    layout->setColumnStretch(1, 1);
    layout->setColumnStretch(2, 1);
    layout->setHorizontalSpacing(6);
    layout->setVerticalSpacing(4);
    for (int i = 0; i < WorkloadCount; ++i) {
        const auto workload = Workload(i);
        Row row;
        row.button = new QPushButton(this);
        row.button->setObjectName(QStringLiteral("workload%1").arg(i));
        row.button->setShortcut(shortcut(workload));
        layout->addWidget(row.button, i, 0);
        const Parameters initial = defaults(workload);
        auto makeSpin = [this](const Range& range) {
            auto* spin = new QSpinBox(this);
            spin->setRange(range.min, range.max);
            spin->setValue(range.value);
            spin->setGroupSeparatorShown(true);
            spin->setAccelerated(true);
            return spin;
        };
        switch (workload) {
        case Workload::Block:
        case Workload::Worker:
            row.first = makeSpin({ 1, 600000, initial.first });
            break;
        case Workload::MicrotaskChain:
        case Workload::NextTickStorm:
            row.first = makeSpin({ 1, 1000000000, initial.first });
            break;
        case Workload::TimeoutChunks:
        case Workload::ImmediateChunks:
            row.first = makeSpin({ 1, 1000000, initial.first });
            row.second = makeSpin({ 0, 10000, initial.second });
            break;
        case Workload::Pbkdf2:
            row.first = makeSpin({ 1, 64, initial.first });
            row.second = makeSpin({ 1, 100000000, initial.second });
            break;
        case Workload::JsonParse:
            row.first = makeSpin({ 1, 1024, initial.first });
            break;
        case Workload::Regex:
            row.first = makeSpin({ 2, 64, initial.first });
            row.pattern = new QComboBox(this);
            row.pattern->addItems({ QString(), QString() });
            break;
        case Workload::ReadFile:
        case Workload::DnsLookup:
        case Workload::HttpGet:
            break;
        }
        if (row.first)
            layout->addWidget(row.first, i, 1, 1, row.second || row.pattern ? 1 : 2);
        if (row.second)
            layout->addWidget(row.second, i, 2);
        if (row.pattern)
            layout->addWidget(row.pattern, i, 2);
        connect(row.button, &QPushButton::clicked, this, [this, workload] { trigger(workload); });
        m_rows.push_back(row);
    }
    layout->setRowStretch(WorkloadCount, 1);
    Language::follow(this, [this] { setTexts(); });
}

void WorkloadPalette::setTexts()
{
    for (int i = 0; i < WorkloadCount; ++i) {
        const auto workload = Workload(i);
        const Row& row = m_rows[std::size_t(i)];
        row.button->setText(buttonText(workload));
        row.button->setToolTip(
            QStringLiteral("<p>%1</p><p><b>%2</b></p>")
                .arg(explanation(workload).toHtmlEscaped(), shortcut(workload).toString(QKeySequence::NativeText)));
        for (QSpinBox* spin : { row.first, row.second }) {
            if (!spin)
                continue;
            const ValueTexts texts = valueTexts(workload, spin == row.second);
            spin->setSuffix(texts.unit);
            spin->setToolTip(texts.meaning);
            fitStartingValue(spin);
        }
        if (row.pattern) {
            row.pattern->setItemText(0, tr("vulnerable"));
            row.pattern->setItemText(1, tr("safe"));
            row.pattern->setToolTip(tr("The vulnerable pattern backtracks exponentially; the safe one stays linear."));
        }
    }
}

QString WorkloadPalette::buttonText(Workload workload)
{
    switch (workload) {
    case Workload::Block:
        return tr("Block the loop");
    case Workload::MicrotaskChain:
        return tr("Microtask chain");
    case Workload::NextTickStorm:
        return tr("nextTick storm");
    case Workload::TimeoutChunks:
        return tr("setTimeout-chunked job");
    case Workload::ImmediateChunks:
        return tr("setImmediate-chunked job");
    case Workload::Pbkdf2:
        return tr("crypto.pbkdf2");
    case Workload::ReadFile:
        return tr("fs.readFile");
    case Workload::DnsLookup:
        return tr("dns.lookup");
    case Workload::HttpGet:
        return tr("HTTP request");
    case Workload::Worker:
        return tr("Worker offload");
    case Workload::JsonParse:
        return tr("JSON.parse");
    case Workload::Regex:
        return tr("Regex match");
    }
    return {};
}

QString WorkloadPalette::explanation(Workload workload)
{
    switch (workload) {
    case Workload::Block:
        return tr("Runs synchronous hashing in one callback. Nothing else runs until it returns: timers, I/O and "
                  "/health all wait.");
    case Workload::MicrotaskChain:
        return tr("A promise chain: every step queues the next microtask. The queue drains completely before the "
                  "loop moves on, so the whole chain blocks like one long callback.");
    case Workload::NextTickStorm:
        return tr("Every nextTick schedules another one. Node drains the nextTick queue completely, so timers "
                  "and I/O wait for the whole storm.");
    case Workload::TimeoutChunks:
        return tr("The job yields with setTimeout(0) between chunks. The loop stays responsive, but each step "
                  "waits at least 1 ms in poll, so the job idles.");
    case Workload::ImmediateChunks:
        return tr("The job yields with setImmediate between chunks. The loop stays responsive and poll never "
                  "sleeps: full CPU, no idle time.");
    case Workload::Pbkdf2:
        return tr("PBKDF2 on libuv's thread pool. With more calls than pool threads, the rest queue and every "
                  "other pool user (fs, dns) waits too.");
    case Workload::ReadFile:
        return tr("fs.readFile: a chain of thread-pool requests (open, fstat, read, close); the callback runs in "
                  "the poll phase.");
    case Workload::DnsLookup:
        return tr("dns.lookup runs getaddrinfo on the thread pool, so a busy pool delays it.");
    case Workload::HttpGet:
        return tr("A request to the built-in loopback server. Sockets use the OS poller, never the thread pool.");
    case Workload::Worker:
        return tr("Runs the hashing on a worker thread with its own event loop; the main loop stays free.");
    case Workload::JsonParse:
        return tr("JSON.parse of a large payload: synchronous, so the loop is blocked for the whole parse.");
    case Workload::Regex:
        return tr("Tests a coupon code against a regular expression. The vulnerable pattern backtracks "
                  "catastrophically: each extra character multiplies the time.");
    }
    return {};
}

QKeySequence WorkloadPalette::shortcut(Workload workload)
{
    static const char* const keys[] = { "Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+4", "Ctrl+5", "Ctrl+6", "Ctrl+7", "Ctrl+8",
        "Ctrl+9", "Ctrl+0", "Ctrl+J", "Ctrl+G" };
    return QKeySequence(QString::fromLatin1(keys[int(workload)]));
}

WorkloadPalette::Parameters WorkloadPalette::defaults(Workload workload)
{
    switch (workload) {
    case Workload::Block:
        return { 1500, 0 };
    case Workload::MicrotaskChain:
    case Workload::NextTickStorm:
        // Long enough to watch: two to three seconds of starved timers, poll and /health.
        return { 50000000, 0 };
    case Workload::TimeoutChunks:
    case Workload::ImmediateChunks:
        return { 200, 5 };
    case Workload::Pbkdf2:
        return { 6, 400000 };
    case Workload::Worker:
        return { 1500, 0 };
    case Workload::JsonParse:
        return { 50, 0 };
    case Workload::Regex:
        return { 26, 0, true };
    case Workload::ReadFile:
    case Workload::DnsLookup:
    case Workload::HttpGet:
        break;
    }
    return {};
}

QByteArray WorkloadPalette::program(Workload workload, const Parameters& p)
{
    const QString label = summary(workload, p);
    QJsonArray main;
    switch (workload) {
    case Workload::Block:
        main.append(op("block", { { "label", label }, { "ms", p.first } }));
        break;
    case Workload::MicrotaskChain:
    case Workload::NextTickStorm:
        main.append(op("chain",
            { { "label", label },
                { "via", workload == Workload::NextTickStorm ? QStringLiteral("nextTick") : QStringLiteral("promise") },
                { "times", p.first }, { "done", logBody(label + QStringLiteral(" done")) } }));
        break;
    case Workload::TimeoutChunks:
    case Workload::ImmediateChunks: {
        const bool timeout = workload == Workload::TimeoutChunks;
        QJsonObject chain = op("chain",
            { { "label", label }, { "via", timeout ? QStringLiteral("setTimeout") : QStringLiteral("setImmediate") },
                { "times", p.first }, { "do", QJsonArray { op("block", { { "ms", p.second } }) } },
                { "done", logBody(label + QStringLiteral(" done")) } });
        if (timeout)
            chain.insert(QStringLiteral("ms"), 0);
        main.append(chain);
        break;
    }
    case Workload::Pbkdf2:
        main.append(op("repeat",
            { { "times", p.first },
                { "do",
                    QJsonArray { op("pbkdf2",
                        { { "label", QStringLiteral("pbkdf2 callback") }, { "iterations", p.second },
                            { "do", logBody(QStringLiteral("pbkdf2 done")) } }) } } }));
        break;
    case Workload::ReadFile:
        main.append(op("readFile",
            { { "label", QStringLiteral("readFile callback") }, { "do", logBody(QStringLiteral("readFile done")) } }));
        break;
    case Workload::DnsLookup:
        main.append(op("dnsLookup",
            { { "label", QStringLiteral("dns.lookup callback") },
                { "do", logBody(QStringLiteral("dns.lookup done")) } }));
        break;
    case Workload::HttpGet:
        main.append(op("httpGet",
            { { "label", QStringLiteral("http response") }, { "do", logBody(QStringLiteral("HTTP response")) } }));
        break;
    case Workload::Worker:
        main.append(op("worker",
            { { "label", label }, { "do", QJsonArray { op("block", { { "ms", p.first } }) } },
                { "done", logBody(QStringLiteral("worker done")) } }));
        break;
    case Workload::JsonParse:
        main.append(op("jsonParse", { { "label", label }, { "mb", p.first } }));
        main.append(op("log", { { "text", label + QStringLiteral(" done") } }));
        break;
    case Workload::Regex:
        main.append(op("regex",
            { { "label", label }, { "length", p.first },
                { "pattern", p.vulnerable ? QStringLiteral("vulnerable") : QStringLiteral("safe") } }));
        main.append(op("log", { { "text", label + QStringLiteral(" done") } }));
        break;
    }
    const QJsonObject document { { QStringLiteral("format"), QStringLiteral("loopscope-program") },
        { QStringLiteral("version"), 1 }, { QStringLiteral("name"), QStringLiteral("workload") },
        { QStringLiteral("title"), label }, { QStringLiteral("main"), main } };
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

QString WorkloadPalette::summary(Workload workload, const Parameters& p)
{
    switch (workload) {
    case Workload::Block:
        return tr("block %1 ms").arg(p.first);
    case Workload::MicrotaskChain:
        return tr("microtask chain of %1").arg(p.first);
    case Workload::NextTickStorm:
        return tr("nextTick storm of %1").arg(p.first);
    case Workload::TimeoutChunks:
        return tr("setTimeout-chunked job, %1 × %2 ms").arg(p.first).arg(p.second);
    case Workload::ImmediateChunks:
        return tr("setImmediate-chunked job, %1 × %2 ms").arg(p.first).arg(p.second);
    case Workload::Pbkdf2:
        return tr("%1 × pbkdf2, %2 iterations").arg(p.first).arg(p.second);
    case Workload::ReadFile:
        return tr("fs.readFile");
    case Workload::DnsLookup:
        return tr("dns.lookup localhost");
    case Workload::HttpGet:
        return tr("HTTP GET /health");
    case Workload::Worker:
        return tr("worker: block %1 ms").arg(p.first);
    case Workload::JsonParse:
        return tr("JSON.parse %1 MB").arg(p.first);
    case Workload::Regex:
        return tr("%1 regex, %2 chars").arg(p.vulnerable ? tr("vulnerable") : tr("safe")).arg(p.first);
    }
    return {};
}

WorkloadPalette::Parameters WorkloadPalette::parameters(Workload workload) const
{
    const Row& row = m_rows[std::size_t(workload)];
    Parameters result;
    if (row.first)
        result.first = row.first->value();
    if (row.second)
        result.second = row.second->value();
    if (row.pattern)
        result.vulnerable = row.pattern->currentIndex() == 0;
    return result;
}

QPushButton* WorkloadPalette::button(Workload workload) const
{
    return m_rows[std::size_t(workload)].button;
}

void WorkloadPalette::setParameters(Workload workload, const Parameters& parameters)
{
    const Row& row = m_rows[std::size_t(workload)];
    if (row.first)
        row.first->setValue(parameters.first);
    if (row.second)
        row.second->setValue(parameters.second);
    if (row.pattern)
        row.pattern->setCurrentIndex(parameters.vulnerable ? 0 : 1);
}

void WorkloadPalette::trigger(Workload workload)
{
    const Parameters p = parameters(workload);
    emit workloadRequested(program(workload, p), summary(workload, p));
}
