#include "models/phaseheat.h"

#include "models/timelineindex.h"

#include <algorithm>

using loopscope::CallbackKind;
using loopscope::Phase;
using loopscope::Record;
using loopscope::RecordType;

void PhaseHeat::clear()
{
    m_buckets.fill(Bucket());
    m_head = -1;
    m_lastEndNs = 0;
}

void PhaseHeat::add(const Record& record)
{
    if (record.thread != loopscope::MainThread || record.startNs < 0)
        return;
    const bool isPhase = record.type == RecordType::Phase && record.sub < loopscope::PhaseCount;
    if (!isPhase && record.type != RecordType::Callback)
        return;
    const std::int64_t endNs = spanEndNs(record);
    m_lastEndNs = std::max(m_lastEndNs, endNs);
    if (isPhase) {
        addSpan(record.sub, record.startNs, endNs, 1.0);
        return;
    }
    // Poll runs the I/O callbacks; the drains nested in them lie inside their span already.
    const auto kind = loopscope::callbackKindOf(record);
    if ((kind == CallbackKind::Io || kind == CallbackKind::Work) && endNs > record.startNs) {
        // A run of identical callbacks spans its first start to its last end; busyNs is what they took.
        const double busy = double(std::max<std::int64_t>(0, record.span.busyNs)) / double(endNs - record.startNs);
        addSpan(PollRunning, record.startNs, endNs, std::min(1.0, busy));
    }
}

void PhaseHeat::addSpan(int category, std::int64_t startNs, std::int64_t endNs, double weight)
{
    if (endNs <= startNs)
        return;
    const std::int64_t last = (endNs - 1) / BucketNs;
    m_head = std::max(m_head, last);
    // Only the buckets the ring still holds: a span claiming years costs as much as one of a second.
    const std::int64_t first = std::max(startNs / BucketNs, m_head - BucketCount + 1);
    for (std::int64_t index = first; index <= last; ++index) {
        Bucket& bucket = m_buckets[std::size_t(index % BucketCount)];
        if (bucket.index != index) {
            bucket = Bucket();
            bucket.index = index;
        }
        const std::int64_t from = std::max(startNs, index * BucketNs);
        // The last bucket of the clock may end past what an int64 holds.
        const std::int64_t bucketStart = index * BucketNs;
        const std::int64_t to = endNs - bucketStart < BucketNs ? endNs : bucketStart + BucketNs;
        bucket.ns[std::size_t(category)] += std::int64_t(double(to - from) * weight);
    }
}

PhaseHeat::Shares PhaseHeat::shares(std::int64_t nowNs, const Open& open) const
{
    std::array<double, Categories> ns {};
    const std::int64_t windowStart = std::max<std::int64_t>(0, nowNs - WindowNs);
    const std::int64_t firstIndex = windowStart / BucketNs;
    const std::int64_t lastIndex = nowNs / BucketNs;
    for (std::int64_t index = std::max(firstIndex, lastIndex - BucketCount + 1); index <= lastIndex; ++index) {
        const Bucket& bucket = m_buckets[std::size_t(index % BucketCount)];
        if (bucket.index != index)
            continue;
        // The oldest bucket is partly outside the window; its time is taken as spread evenly.
        const double inside
            = index == firstIndex ? double((firstIndex + 1) * BucketNs - windowStart) / double(BucketNs) : 1.0;
        for (int category = 0; category < Categories; ++category)
            ns[std::size_t(category)] += double(bucket.ns[std::size_t(category)]) * inside;
    }

    if (open.valid) {
        const std::int64_t from = std::max(m_lastEndNs, windowStart);
        if (nowNs > from) {
            ns[std::size_t(open.phase)] += double(nowNs - from);
            const std::int64_t callbackFrom = std::max(from, open.callbackStartNs);
            if (open.phase == Phase::Poll && open.inCallback && nowNs > callbackFrom)
                ns[PollRunning] += double(nowNs - callbackFrom);
        }
    }

    Shares shares;
    double total = 0;
    for (int phase = 0; phase < loopscope::PhaseCount; ++phase)
        total += ns[std::size_t(phase)];
    if (total <= 0)
        return shares;
    for (int phase = 0; phase < loopscope::PhaseCount; ++phase)
        shares.phase[std::size_t(phase)] = ns[std::size_t(phase)] / total;
    const double poll = ns[std::size_t(Phase::Poll)];
    shares.pollRunning = std::clamp(ns[PollRunning], 0.0, poll) / total;
    shares.pollWaiting = shares.of(Phase::Poll) - shares.pollRunning;
    shares.coveredNs = std::min<std::int64_t>(WindowNs, std::int64_t(total));
    return shares;
}
