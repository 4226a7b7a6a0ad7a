#include "recording/recordcodec.h"

#include "recording/bytecursor.h"

#include <cstring>

namespace loopscope::recordcodec {

namespace {

constexpr std::uint8_t TypeMask = 0x0f;
constexpr std::uint8_t SubFollows = 0x10;
constexpr std::uint8_t ThreadFollows = 0x20;
constexpr std::uint8_t LabelFollows = 0x40;
constexpr int TypeCount = 16;

// What the encoder and the decoder both know of the records before the next one, and what they
// predict from it. Kept in step by learning every record, the same on both sides.
class Predictor
{
public:
    // Phases follow each other around the circle; other kinds repeat their sub.
    std::uint8_t sub(RecordType type) const
    {
        const std::uint8_t last = m_lastSub[int(type) & TypeMask];
        return type == RecordType::Phase ? std::uint8_t((last + 1) % PhaseCount) : last;
    }
    // The record a new one of this type and sub is told against: the same phase one iteration
    // earlier, the last callback, the last pool item, and so on.
    const Record& context(RecordType type, std::uint8_t sub) const { return m_context[slot(type, sub)]; }
    std::int64_t lastStartNs() const { return m_lastStartNs; }

    SpanFields span(const Record& context, RecordType type, std::int64_t durNs) const
    {
        SpanFields predicted = context.span;
        if (type == RecordType::Callback) {
            // A single call: busy for all of its span, and the longest call is the one.
            predicted.busyNs = durNs;
            predicted.maxNs = durNs;
            predicted.iteration = m_iteration;
        } else if (type == RecordType::Phase) {
            predicted.iteration = context.span.iteration + 1;
        }
        return predicted;
    }

    void learn(const Record& r)
    {
        m_lastSub[int(r.type) & TypeMask] = r.sub;
        m_context[slot(r.type, r.sub)] = r;
        m_lastStartNs = r.startNs;
        if (r.type == RecordType::Phase || r.type == RecordType::Callback)
            m_iteration = r.span.iteration;
    }

private:
    static int slot(RecordType type, std::uint8_t sub)
    {
        return type == RecordType::Phase ? sub % PhaseCount : PhaseCount + (int(type) & TypeMask);
    }

    Record m_context[PhaseCount + TypeCount];
    std::uint8_t m_lastSub[TypeCount] {};
    std::int64_t m_lastStartNs = 0;
    std::uint32_t m_iteration = 0;
};

// The seven queue depths, in the order they are written.
std::uint32_t* queueCounts(QueueCounts& queues)
{
    return &queues.nextTick;
}
static_assert(sizeof(QueueCounts) == 7 * sizeof(std::uint32_t), "queue counts are seven packed counters");

double* latencyValues(LatencyFields& latency)
{
    return &latency.loopDelayMs;
}
static_assert(sizeof(LatencyFields) == 4 * sizeof(double), "latency samples are four packed doubles");

void encodeSpan(ByteWriter& out, const SpanFields& span, const SpanFields& predicted)
{
    const std::size_t maskAt = out.maskAt();
    std::uint8_t mask = 0;
    const auto field = [&](int bit, std::int64_t value, std::int64_t expected) {
        if (value == expected)
            return;
        mask |= std::uint8_t(1 << bit);
        out.delta(value, expected);
    };
    field(0, span.durNs, predicted.durNs);
    field(1, span.busyNs, predicted.busyNs);
    field(2, span.maxNs, predicted.maxNs);
    field(3, span.count, predicted.count);
    field(4, span.iteration, predicted.iteration);
    out.setMask(maskAt, mask);
}

} // namespace

void encodeBlock(const Record* records, std::size_t count, std::vector<std::uint8_t>& bytes)
{
    ByteWriter out(bytes);
    Predictor predictor;
    for (std::size_t i = 0; i < count; ++i) {
        const Record& r = records[i];
        const std::uint8_t sub = predictor.sub(r.type);
        const Record& context = predictor.context(r.type, r.sub);
        std::uint8_t header = std::uint8_t(r.type) & TypeMask;
        header |= r.sub != sub ? SubFollows : 0;
        header |= r.thread != context.thread ? ThreadFollows : 0;
        header |= r.label != context.label ? LabelFollows : 0;
        out.byte(header);
        if (header & SubFollows)
            out.byte(r.sub);
        if (header & ThreadFollows)
            out.varint(r.thread);
        if (header & LabelFollows)
            out.delta(r.label, context.label);
        out.delta(r.startNs, predictor.lastStartNs());
        if (r.type == RecordType::Queues) {
            Record copy = r;
            Record expected = context;
            const std::uint32_t* values = queueCounts(copy.queues);
            const std::uint32_t* predicted = queueCounts(expected.queues);
            const std::size_t maskAt = out.maskAt();
            std::uint8_t mask = 0;
            for (int q = 0; q < 7; ++q) {
                if (values[q] != predicted[q]) {
                    mask |= std::uint8_t(1 << q);
                    out.delta(values[q], predicted[q]);
                }
            }
            out.setMask(maskAt, mask);
        } else if (r.type == RecordType::Latency) {
            Record copy = r;
            Record expected = context;
            const double* values = latencyValues(copy.latency);
            const double* predicted = latencyValues(expected.latency);
            const std::size_t maskAt = out.maskAt();
            std::uint8_t mask = 0;
            for (int v = 0; v < 4; ++v) {
                if (std::memcmp(&values[v], &predicted[v], sizeof(double)) != 0) {
                    mask |= std::uint8_t(1 << v);
                    out.raw(&values[v], sizeof(double));
                }
            }
            out.setMask(maskAt, mask);
        } else {
            encodeSpan(out, r.span, predictor.span(context, r.type, r.span.durNs));
        }
        predictor.learn(r);
    }
}

bool decodeBlock(const std::uint8_t* bytes, std::size_t size, Record* out, std::size_t count)
{
    ByteReader in(bytes, size);
    Predictor predictor;
    std::size_t i = 0;
    for (; i < count && in.ok(); ++i) {
        const std::uint8_t header = in.byte();
        const auto type = RecordType(header & TypeMask);
        Record r;
        r.type = type;
        r.sub = header & SubFollows ? in.byte() : predictor.sub(type);
        const Record& context = predictor.context(type, r.sub);
        r.thread = header & ThreadFollows ? std::uint16_t(in.varint()) : context.thread;
        r.label = header & LabelFollows ? std::uint32_t(in.delta(context.label)) : context.label;
        r.startNs = in.delta(predictor.lastStartNs());
        if (type == RecordType::Queues) {
            Record expected = context;
            const std::uint32_t* predicted = queueCounts(expected.queues);
            std::uint32_t* values = queueCounts(r.queues);
            const std::uint8_t mask = in.byte();
            for (int q = 0; q < 7; ++q)
                values[q] = mask & (1 << q) ? std::uint32_t(in.delta(predicted[q])) : predicted[q];
        } else if (type == RecordType::Latency) {
            Record expected = context;
            const double* predicted = latencyValues(expected.latency);
            double* values = latencyValues(r.latency);
            const std::uint8_t mask = in.byte();
            for (int v = 0; v < 4; ++v) {
                if (mask & (1 << v))
                    in.raw(&values[v], sizeof(double));
                else
                    values[v] = predicted[v];
            }
        } else {
            const std::uint8_t mask = in.byte();
            r.span.durNs = mask & 0x01 ? in.delta(context.span.durNs) : context.span.durNs;
            const SpanFields predicted = predictor.span(context, type, r.span.durNs);
            r.span.busyNs = mask & 0x02 ? in.delta(predicted.busyNs) : predicted.busyNs;
            r.span.maxNs = mask & 0x04 ? in.delta(predicted.maxNs) : predicted.maxNs;
            r.span.count = mask & 0x08 ? std::uint32_t(in.delta(predicted.count)) : predicted.count;
            r.span.iteration = mask & 0x10 ? std::uint32_t(in.delta(predicted.iteration)) : predicted.iteration;
        }
        if (!in.ok())
            break;
        out[i] = r;
        predictor.learn(r);
    }
    for (std::size_t rest = i; rest < count; ++rest)
        out[rest] = Record();
    return in.ok() && i == count;
}

} // namespace loopscope::recordcodec
