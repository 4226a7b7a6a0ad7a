#include "attach/wire.h"

#include "recording/bytecursor.h"
#include "recording/recordcodec.h"

#include <algorithm>

namespace loopscope::wire {

namespace {

// The longest prefix of `text` within `limit` bytes that does not cut a UTF-8 character.
std::string_view cutAt(std::string_view text, std::size_t limit)
{
    if (text.size() <= limit)
        return text;
    std::size_t end = limit;
    while (end > 0 && (std::uint8_t(text[end]) & 0xc0) == 0x80)
        --end;
    return text.substr(0, end);
}

void putText(ByteWriter& out, std::string_view text)
{
    text = cutAt(text, StringBytes);
    out.varint(text.size());
    out.raw(text.data(), text.size());
}

// A length-prefixed text; false when the payload ends first or it is longer than any written.
bool getText(ByteReader& in, std::string& text)
{
    const std::uint64_t size = in.varint();
    if (!in.ok() || size > StringBytes || size > in.left())
        return false;
    text.resize(std::size_t(size));
    in.raw(text.data(), text.size());
    return true;
}

} // namespace

Writer::Writer(Start start)
{
    if (start == Start::WithOpening)
        m_bytes.assign(Opening.begin(), Opening.end());
}

void Writer::frame(Tag tag, const std::vector<std::uint8_t>& payload)
{
    ByteWriter out(m_bytes);
    out.byte(std::uint8_t(tag));
    out.varint(payload.size());
    out.raw(payload.data(), payload.size());
}

void Writer::now(const Now& now)
{
    m_payload.clear();
    ByteWriter out(m_payload);
    out.varint(now.iteration);
    out.byte(std::uint8_t(now.phase));
    out.byte(std::uint8_t((now.inPhase ? 1 : 0) | (now.inCallback ? 2 : 0)));
    out.varint(std::uint64_t(std::max<std::int64_t>(0, now.phaseStartNs)));
    out.varint(now.callbackLabel);
    out.byte(std::uint8_t(now.callbackKind));
    out.varint(std::uint64_t(std::max<std::int64_t>(0, now.callbackStartNs)));
    out.varint(now.pollTimeoutMs < 0 ? 0 : std::uint64_t(now.pollTimeoutMs) + 1);
    out.byte(std::uint8_t(now.pollReason));
    frame(Tag::Now, m_payload);
}

void Writer::pool(const PoolNow& pool)
{
    m_payload.clear();
    ByteWriter out(m_payload);
    out.varint(pool.threads);
    out.varint(pool.busy);
    out.varint(pool.finished);
    out.varint(pool.waiting);
    out.varint(pool.items.size());
    for (const PoolNow::Item& item : pool.items) {
        out.varint(item.label);
        out.varint(std::uint64_t(std::max<std::int64_t>(0, item.queuedAtNs)));
        out.varint(item.startedAtNs < 0 ? 0 : std::uint64_t(item.startedAtNs) + 1);
        out.varint(item.worker);
    }
    frame(Tag::Pool, m_payload);
}

void Writer::loopTimes(const LoopTimes& times)
{
    m_payload.clear();
    ByteWriter out(m_payload);
    out.varint(times.loopStartNs < 0 ? 0 : std::uint64_t(times.loopStartNs) + 1);
    out.varint(std::uint64_t(std::max<std::int64_t>(0, times.idleNs)));
    frame(Tag::LoopTimes, m_payload);
}

void Writer::exited(int code)
{
    m_payload.clear();
    ByteWriter out(m_payload);
    // As the system keeps it: its low eight bits.
    out.varint(std::uint64_t(std::uint32_t(code) & 0xffu));
    frame(Tag::Exit, m_payload);
}

void Writer::output(const OutputMark& mark)
{
    m_payload.clear();
    ByteWriter out(m_payload);
    out.varint(mark.fd);
    out.varint(mark.start);
    out.varint(mark.length);
    out.varint(mark.label);
    out.varint(mark.hash);
    frame(Tag::Output, m_payload);
}

void Writer::samples(const BlockSamples& samples)
{
    m_payload.clear();
    ByteWriter out(m_payload);
    out.varint(samples.thread);
    out.varint(std::uint64_t(std::max<std::int64_t>(0, samples.callbackStartNs)));
    out.varint(std::uint64_t(std::max<std::int64_t>(0, samples.intervalNs)));
    out.varint(samples.stacks.size());
    for (const BlockSamples::Stack& stack : samples.stacks) {
        out.varint(stack.hits);
        out.varint(stack.frames.size());
        for (const std::uint32_t frame : stack.frames)
            out.varint(frame);
    }
    frame(Tag::Samples, m_payload);
}

void Writer::end()
{
    m_payload.clear();
    frame(Tag::End, m_payload);
}

void Writer::hello(const Hello& hello)
{
    m_payload.clear();
    ByteWriter out(m_payload);
    out.varint(hello.version);
    out.varint(hello.pid);
    out.varint(hello.threadpoolSize);
    putText(out, hello.node);
    putText(out, hello.libuv);
    out.varint(hello.originNs);
    out.varint(hello.unobserved);
    frame(Tag::Hello, m_payload);
}

void Writer::thread(std::uint16_t id, std::string_view name)
{
    m_payload.clear();
    ByteWriter out(m_payload);
    out.varint(id);
    putText(out, name);
    frame(Tag::Thread, m_payload);
}

void Writer::string(std::uint32_t id, std::string_view text)
{
    m_payload.clear();
    ByteWriter out(m_payload);
    out.varint(id);
    putText(out, text);
    frame(Tag::String, m_payload);
}

void Writer::records(const Record* records, std::size_t count)
{
    count = std::min(count, recordcodec::BlockRecords);
    m_payload.clear();
    ByteWriter(m_payload).varint(count);
    recordcodec::encodeBlock(records, count, m_payload);
    frame(Tag::Records, m_payload);
}

void Writer::dropped(std::uint64_t count)
{
    m_payload.clear();
    ByteWriter(m_payload).varint(count);
    frame(Tag::Dropped, m_payload);
}

void Writer::unavailable(std::string_view what)
{
    m_payload.clear();
    ByteWriter out(m_payload);
    putText(out, what);
    frame(Tag::Unavailable, m_payload);
}

std::vector<std::uint8_t> Writer::take()
{
    std::vector<std::uint8_t> taken;
    taken.swap(m_bytes);
    return taken;
}

Reader::Reader(Sink& sink)
    : m_sink(sink)
{ }

bool Reader::fail(std::string what)
{
    m_error = std::move(what) + " at byte " + std::to_string(m_offset);
    m_pending.clear();
    return false;
}

bool Reader::feed(const std::uint8_t* bytes, std::size_t size)
{
    if (!m_error.empty())
        return false;
    m_pending.insert(m_pending.end(), bytes, bytes + size);
    std::size_t at = 0;
    if (!m_opened) {
        const std::size_t compared = std::min(m_pending.size(), Opening.size());
        if (!std::equal(m_pending.begin(), m_pending.begin() + std::ptrdiff_t(compared), Opening.begin()))
            return fail("not a LoopScope probe stream (wrong opening)");
        if (m_pending.size() < Opening.size())
            return true;
        m_opened = true;
        at = Opening.size();
        m_offset += at;
    }
    // Every complete frame; what is left is the start of the next.
    for (;;) {
        ByteReader in(m_pending.data() + at, m_pending.size() - at);
        const auto tag = Tag(in.byte());
        const std::uint64_t length = in.varint();
        if (!in.ok())
            break; // the frame's head is not all here yet
        if (length > MaxFrameBytes)
            return fail("a frame of " + std::to_string(length) + " bytes, more than any probe writes");
        if (length > in.left())
            break;
        const std::size_t head = m_pending.size() - at - in.left();
        if (!dispatch(tag, in.at(), std::size_t(length)))
            return false;
        at += head + std::size_t(length);
        m_offset += head + length;
    }
    m_pending.erase(m_pending.begin(), m_pending.begin() + std::ptrdiff_t(at));
    return true;
}

bool Reader::dispatch(Tag tag, const std::uint8_t* payload, std::size_t size)
{
    ByteReader in(payload, size);
    switch (tag) {
    case Tag::Hello: {
        Hello hello;
        hello.version = std::uint32_t(in.varint());
        hello.pid = in.varint();
        hello.threadpoolSize = std::uint32_t(in.varint());
        if (!in.ok() || !getText(in, hello.node) || !getText(in, hello.libuv))
            return fail("a hello frame cut short");
        hello.originNs = in.varint();
        hello.unobserved = std::uint8_t(in.varint());
        if (!in.ok())
            return fail("a hello frame cut short");
        if (hello.version != Version)
            return fail("a probe speaking version " + std::to_string(hello.version) + " of the stream, not "
                + std::to_string(Version));
        m_sink.hello(hello);
        return true;
    }
    case Tag::Thread: {
        const std::uint64_t id = in.varint();
        std::string name;
        if (!in.ok() || id > UINT16_MAX || !getText(in, name))
            return fail("a thread frame cut short");
        m_sink.thread(std::uint16_t(id), name);
        return true;
    }
    case Tag::String: {
        const std::uint64_t id = in.varint();
        std::string text;
        if (!in.ok() || id > UINT32_MAX || !getText(in, text))
            return fail("a string frame cut short");
        m_sink.string(std::uint32_t(id), text);
        return true;
    }
    case Tag::Records: {
        const std::uint64_t count = in.varint();
        if (!in.ok() || count == 0 || count > recordcodec::BlockRecords)
            return fail("a block of " + std::to_string(count) + " records");
        m_decoded.resize(std::size_t(count));
        if (!recordcodec::decodeBlock(in.at(), in.left(), m_decoded.data(), m_decoded.size()))
            return fail("a block of records that does not decode");
        m_sink.records(m_decoded.data(), m_decoded.size());
        return true;
    }
    case Tag::Dropped: {
        const std::uint64_t count = in.varint();
        if (!in.ok())
            return fail("a dropped frame cut short");
        m_sink.dropped(count);
        return true;
    }
    case Tag::Unavailable: {
        std::string what;
        if (!getText(in, what))
            return fail("an unavailable frame cut short");
        m_sink.unavailable(what);
        return true;
    }
    case Tag::Now: {
        Now now;
        now.iteration = std::uint32_t(in.varint());
        const std::uint8_t phase = in.byte();
        const std::uint8_t flags = in.byte();
        now.phaseStartNs = std::int64_t(in.varint() & INT64_MAX);
        now.callbackLabel = std::uint32_t(in.varint());
        const std::uint8_t kind = in.byte();
        now.callbackStartNs = std::int64_t(in.varint() & INT64_MAX);
        const std::uint64_t timeout = in.varint();
        const std::uint8_t reason = in.byte();
        if (!in.ok() || phase >= PhaseCount || kind > std::uint8_t(CallbackKind::Main)
            || reason > std::uint8_t(PollReason::NoWait))
            return fail("a now frame cut short or out of range");
        now.pollTimeoutMs = timeout == 0 ? -1 : std::int64_t((timeout - 1) & INT32_MAX);
        now.pollReason = PollReason(reason);
        now.phase = Phase(phase);
        now.inPhase = (flags & 1) != 0;
        now.inCallback = (flags & 2) != 0;
        now.callbackKind = CallbackKind(kind);
        m_sink.now(now);
        return true;
    }
    case Tag::Pool: {
        PoolNow pool;
        pool.threads = std::uint32_t(in.varint());
        pool.busy = std::uint32_t(in.varint());
        pool.finished = std::uint32_t(in.varint());
        pool.waiting = std::uint32_t(in.varint());
        const std::uint64_t count = in.varint();
        // Each item takes four bytes at least: a count beyond what the frame holds is a damaged one.
        if (!in.ok() || count > in.left() / 4)
            return fail("a pool frame cut short");
        pool.items.resize(std::size_t(count));
        for (PoolNow::Item& item : pool.items) {
            item.label = std::uint32_t(in.varint());
            item.queuedAtNs = std::int64_t(in.varint() & INT64_MAX);
            const std::uint64_t started = in.varint();
            item.startedAtNs = started == 0 ? -1 : std::int64_t((started - 1) & INT64_MAX);
            item.worker = std::uint16_t(in.varint());
        }
        if (!in.ok())
            return fail("a pool frame cut short");
        m_sink.pool(pool);
        return true;
    }
    case Tag::LoopTimes: {
        LoopTimes times;
        const std::uint64_t start = in.varint();
        times.idleNs = std::int64_t(in.varint() & INT64_MAX);
        if (!in.ok())
            return fail("a loop times frame cut short");
        times.loopStartNs = start == 0 ? -1 : std::int64_t((start - 1) & INT64_MAX);
        m_sink.loopTimes(times);
        return true;
    }
    case Tag::Exit: {
        const std::uint64_t code = in.varint();
        if (!in.ok() || code > 255)
            return fail("an exit frame cut short or out of range");
        m_sink.exited(int(code));
        return true;
    }
    case Tag::Samples: {
        BlockSamples samples;
        const std::uint64_t thread = in.varint();
        samples.callbackStartNs = std::int64_t(in.varint() & INT64_MAX);
        samples.intervalNs = std::int64_t(in.varint() & INT64_MAX);
        const std::uint64_t count = in.varint();
        // Each stack takes two bytes at least, each frame one.
        if (!in.ok() || thread > UINT16_MAX || count > in.left() / 2)
            return fail("a samples frame cut short");
        samples.thread = std::uint16_t(thread);
        samples.stacks.resize(std::size_t(count));
        for (BlockSamples::Stack& stack : samples.stacks) {
            stack.hits = std::uint32_t(in.varint());
            const std::uint64_t depth = in.varint();
            if (!in.ok() || depth > in.left())
                return fail("a samples frame cut short");
            stack.frames.resize(std::size_t(depth));
            for (std::uint32_t& frame : stack.frames)
                frame = std::uint32_t(in.varint());
        }
        if (!in.ok())
            return fail("a samples frame cut short");
        m_sink.samples(samples);
        return true;
    }
    case Tag::Output: {
        OutputMark mark;
        const std::uint64_t fd = in.varint();
        mark.start = in.varint();
        mark.length = in.varint();
        const std::uint64_t label = in.varint();
        const std::uint64_t hash = in.varint();
        if (!in.ok() || (fd != 1 && fd != 2) || label > UINT32_MAX || hash > UINT32_MAX)
            return fail("an output frame cut short");
        mark.fd = std::uint8_t(fd);
        mark.label = std::uint32_t(label);
        mark.hash = std::uint32_t(hash);
        m_sink.output(mark);
        return true;
    }
    case Tag::End:
        m_ended = true;
        return true;
    }
    return true; // a tag of a newer probe: skipped
}

bool Reader::finish()
{
    if (!m_error.empty())
        return false;
    if (!m_opened)
        return fail("the stream ended before its opening");
    if (!m_pending.empty())
        return fail("the stream ended inside a frame");
    return true;
}

} // namespace loopscope::wire
