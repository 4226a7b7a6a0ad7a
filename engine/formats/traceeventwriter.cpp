#include "formats/traceeventwriter.h"

#include "formats/traceformat.h"
#include "formats/traceprofiles.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace loopscope {

void TraceEventWriter::setProcess(int pid, std::int64_t shiftNs)
{
    m_pidField = ",\"pid\":" + std::to_string(pid) + ",\"tid\":";
    m_pid = pid;
    m_shiftNs = shiftNs;
}

void TraceEventWriter::eventHead(std::string_view head, std::string_view name, int tid, std::int64_t startNs)
{
    literal(head);
    string(name);
    literal(m_pidField);
    integer(tid);
    literal(",\"ts\":");
    fixed(startNs + m_shiftNs, 3);
}

void TraceEventWriter::record(const Record& r, const StringTable& strings)
{
    const int tid = traceTid(r);
    switch (r.type) {
    case RecordType::Phase:
        eventHead("{\"ph\":\"X\",\"cat\":\"phase\",\"name\":", phaseName(Phase(r.sub % PhaseCount)), tid, r.startNs);
        literal(",\"dur\":");
        fixed(r.span.durNs, 3);
        literal(",\"args\":{\"iteration\":");
        unsignedInteger(r.span.iteration);
        literal(phaseTimed(r) ? ",\"timed\":true" : ",\"timed\":false");
        if (Phase(r.sub) == Phase::Poll || pollTimeoutMs(r) != 0) {
            literal(",\"timeoutMs\":");
            integer(pollTimeoutMs(r));
        }
        literal("}}");
        break;
    case RecordType::Callback:
        eventHead("{\"ph\":\"X\",\"cat\":\"callback\",\"name\":", strings.at(r.label), tid, r.startNs);
        literal(",\"dur\":");
        fixed(r.span.durNs, 3);
        literal(",\"args\":{\"kind\":\"");
        literal(callbackKindName(callbackKindOf(r)));
        literal("\",\"iteration\":");
        unsignedInteger(r.span.iteration);
        if (jobKindOf(r) != JobKind::Callback) {
            literal(",\"job\":\"");
            literal(jobKindName(jobKindOf(r)));
            literal("\"");
        }
        if (requeuedItself(r))
            literal(",\"requeued\":true");
        if (isInternal(r))
            literal(",\"internal\":true");
        if (r.span.count > 1) {
            literal(",\"count\":");
            unsignedInteger(r.span.count);
            literal(",\"totalMs\":");
            fixed(r.span.busyNs, 6);
            // null: the run was timed as a whole, its longest call is not known.
            literal(",\"maxMs\":");
            if (longestCallNs(r) == LongestUnknown)
                literal("null");
            else
                fixed(longestCallNs(r), 6);
        }
        literal("}}");
        break;
    case RecordType::Pool:
        eventHead("{\"ph\":\"X\",\"cat\":\"pool\",\"name\":", strings.at(r.label), tid, r.startNs);
        literal(",\"dur\":");
        fixed(r.span.durNs, 3);
        literal(",\"args\":{\"queuedUs\":");
        fixed(r.span.busyNs, 3);
        literal(",\"iteration\":");
        unsignedInteger(r.span.iteration);
        literal("}}");
        break;
    case RecordType::Queues:
        eventHead("{\"ph\":\"C\",\"name\":", "queues", tid, r.startNs);
        literal(",\"args\":{\"nextTick\":");
        unsignedInteger(r.queues.nextTick);
        literal(",\"microtask\":");
        unsignedInteger(r.queues.microtask);
        literal(",\"immediate\":");
        unsignedInteger(r.queues.immediate);
        literal(",\"timers\":");
        unsignedInteger(r.queues.timers);
        literal(",\"close\":");
        unsignedInteger(r.queues.close);
        literal(",\"poolQueued\":");
        unsignedInteger(r.queues.poolQueued);
        literal(",\"poolActive\":");
        unsignedInteger(r.queues.poolActive);
        literal("}}");
        break;
    case RecordType::Latency: {
        eventHead("{\"ph\":\"C\",\"name\":", "latency", tid, r.startNs);
        literal(",\"args\":{");
        bool first = true;
        if (std::isfinite(r.latency.loopDelayMs) && r.latency.loopDelayMs >= 0) {
            literal("\"loopDelayMs\":");
            number(r.latency.loopDelayMs);
            first = false;
        }
        if (std::isfinite(r.latency.healthMs) && r.latency.healthMs >= 0) {
            literal(first ? "\"healthMs\":" : ",\"healthMs\":");
            number(r.latency.healthMs);
            first = false;
        } else if (r.latency.healthMs == HealthProbeFailed) {
            // A failed probe has no latency to chart; a counter of 1 marks it, so Perfetto shows failures too.
            literal(first ? "\"healthFailed\":1" : ",\"healthFailed\":1");
            first = false;
        }
        if (std::isfinite(r.latency.histogramMs) && r.latency.histogramMs >= 0) {
            literal(first ? "\"histogramMs\":" : ",\"histogramMs\":");
            number(r.latency.histogramMs);
            first = false;
        }
        if (std::isfinite(r.latency.utilization) && r.latency.utilization >= 0) {
            literal(first ? "\"elu\":" : ",\"elu\":");
            number(r.latency.utilization);
        }
        literal("}}");
        break;
    }
    case RecordType::Log:
    case RecordType::Error:
        eventHead(r.type == RecordType::Log ? "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"log\",\"name\":"
                                            : "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"error\",\"name\":",
            strings.at(r.label), tid, r.startNs);
        if (stepsMeasured(r) > 0 || printedBy(r) != 0) {
            literal(",\"args\":{");
            if (stepsMeasured(r) > 0) {
                literal("\"steps\":");
                unsignedInteger(stepsMeasured(r));
            }
            if (printedBy(r) != 0) {
                literal(stepsMeasured(r) > 0 ? ",\"from\":" : "\"from\":");
                string(strings.at(printedBy(r)));
            }
            literal("}");
        }
        literal("}");
        break;
    case RecordType::Held:
        eventHead("{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"held\",\"name\":", strings.at(r.label), tid, r.startNs);
        literal(",\"args\":{\"heldMs\":");
        fixed(heldNs(r), 6);
        literal("}}");
        break;
    case RecordType::Queued:
        eventHead("{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"queued\",\"name\":", strings.at(r.label), tid, r.startNs);
        literal(",\"args\":{\"queue\":\"");
        literal(callbackKindOf(r) == CallbackKind::Main ? ClearedQueues : callbackKindName(callbackKindOf(r)));
        literal("\"");
        if (jobKindOf(r) != JobKind::Callback) {
            literal(",\"job\":\"");
            literal(jobKindName(jobKindOf(r)));
            literal("\"");
        }
        if (r.span.count > 1) {
            literal(",\"count\":");
            unsignedInteger(r.span.count);
        }
        if (callbackKindOf(r) == CallbackKind::Timer && !leftWithoutRunning(r)) {
            literal(",\"delayMs\":");
            fixed(timerDelayNs(r), 6);
        }
        if (leftWithoutRunning(r))
            literal(",\"left\":true");
        literal("}}");
        break;
    }
}

// One track's name and place among the tracks, after a comma.
void TraceEventWriter::trackName(int tid, const std::string& name)
{
    literal(",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"ts\":0");
    literal(m_pidField);
    integer(tid);
    literal(",\"args\":{\"name\":");
    string(name);
    literal("}},\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"ts\":0");
    literal(m_pidField);
    integer(tid);
    literal(",\"args\":{\"sort_index\":");
    integer(tid == MainTid ? 0 : tid >= WorkerThreadBase ? tid : 100000 + tid);
    literal("}}");
}

// The process's name (the program's is the first event, with no comma before it), then the tracks' names.
// A child process's name event says where its records' times start on the program's clock (startNs),
// before any of them is read.
void TraceEventWriter::metadata(const Recording& recording, const std::map<int, std::string>& names)
{
    const RecordingInfo& info = recording.info;
    if (pid() == ProgramPid) {
        literal("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":1,\"ts\":0,\"args\":{\"name\":");
        string("LoopScope: " + info.program);
    } else {
        literal(",\n{\"ph\":\"M\",\"name\":\"process_name\",\"ts\":0");
        literal(m_pidField);
        integer(MainTid);
        literal(",\"args\":{\"name\":");
        string("child " + std::to_string(info.pid) + ": " + info.program);
        literal(",\"startNs\":");
        integer(info.startNs);
    }
    literal("}}");
    for (const auto& [tid, name] : names)
        trackName(tid, name);
}

// What a recording says about itself, as members of an object: the trace's otherData, or a child
// process's entry in its "processes".
void TraceEventWriter::infoMembers(const Recording& recording, std::uint64_t leftOut)
{
    const RecordingInfo& info = recording.info;
    // Drops counted by the logs themselves are reported even when info was filled in before them.
    std::uint64_t logDrops = 0;
    for (const auto& log : recording.logs)
        logDrops += log->dropped();
    literal("\"generator\":");
    string(info.generator);
    literal(",\"libuv\":");
    string(info.libuv);
    literal(",\"threadpoolSize\":");
    integer(info.threadpoolSize);
    literal(",\"program\":");
    string(info.program);
    literal(info.aborted ? ",\"aborted\":true" : ",\"aborted\":false");
    literal(",\"droppedEvents\":");
    unsignedInteger(std::max(info.droppedEvents, logDrops));
    literal(info.timersAfterClose ? ",\"timersAfterClose\":true" : ",\"timersAfterClose\":false");
    // What performance.eventLoopUtilization() reads, and how an attached program ended, where known.
    if (info.loopStartNs >= 0 && info.loopIdleNs >= 0) {
        literal(",\"loopStartNs\":");
        integer(info.loopStartNs);
        literal(",\"loopIdleNs\":");
        integer(info.loopIdleNs);
    }
    if (info.exitStatus >= 0) {
        literal(",\"exitStatus\":");
        integer(info.exitStatus);
    }
    if (info.exitSignal > 0) {
        literal(",\"exitSignal\":");
        integer(info.exitSignal);
    }
    switch (info.stoppedBy) {
    case RecordingInfo::StoppedBy::None:
        break;
    case RecordingInfo::StoppedBy::Signal:
        literal(",\"stoppedBy\":\"signal\",\"stopSignal\":");
        integer(info.stopSignal);
        break;
    case RecordingInfo::StoppedBy::Timeout:
        literal(",\"stoppedBy\":\"timeout\",\"timeoutMs\":");
        integer(info.timeoutMs);
        break;
    case RecordingInfo::StoppedBy::Window:
        literal(",\"stoppedBy\":\"window\"");
        break;
    case RecordingInfo::StoppedBy::Parent:
        literal(",\"stoppedBy\":\"parent\"");
        break;
    }
    if (info.pid > 0) {
        literal(",\"processId\":");
        integer(info.pid);
    }
    if (info.parentPid > 0) {
        literal(",\"parentProcessId\":");
        integer(info.parentPid);
    }
    if (info.detached)
        literal(",\"detached\":true");
    if (info.attachedWhileRunning)
        literal(",\"attachedWhileRunning\":true");
    if (info.streamLostNs >= 0) {
        literal(",\"streamLostNs\":");
        integer(info.streamLostNs);
    }
    if (leftOut > 0 || info.truncatedEvents > 0) {
        literal(",\"truncated\":true,\"truncatedEvents\":");
        unsignedInteger(leftOut + info.truncatedEvents);
    }
    if (info.unobserved != 0) {
        literal(",\"unobserved\":[");
        bool firstName = true;
        for (std::size_t bit = 0; bit < std::size(UnobservedNames); ++bit) {
            if ((info.unobserved & (1u << bit)) == 0)
                continue;
            if (!firstName)
                character(',');
            string(UnobservedNames[bit]);
            firstName = false;
        }
        character(']');
    }
    literal(",\"threadNames\":[");
    bool first = true;
    for (const auto& [thread, name] : info.threadNames) {
        literal(first ? "{\"tid\":" : ",{\"tid\":");
        integer(thread);
        literal(",\"name\":");
        string(name);
        character('}');
        first = false;
    }
    character(']');
}

// The blocked callbacks' sampled stacks, before otherData (traceprofiles.h).
void TraceEventWriter::blockProfiles(const Recording& recording)
{
    std::string members;
    appendBlockProfiles(members, recording);
    if (members.empty())
        return;
    literal(members);
    literal(",\n");
}

// The trace's otherData: the recording's info, and each child process's under "processes" (its trace pid,
// where its times start on the program's clock, and its own info).
void TraceEventWriter::otherData(const Recording& recording, std::uint64_t leftOut)
{
    literal("\"otherData\":{");
    infoMembers(recording, leftOut);
    if (!recording.children.empty()) {
        literal(",\"processes\":[");
        for (std::size_t i = 0; i < recording.children.size(); ++i) {
            const Recording& child = *recording.children[i];
            literal(i == 0 ? "{\"pid\":" : ",{\"pid\":");
            integer(childTracePid(i));
            literal(",\"startNs\":");
            integer(child.info.startNs);
            character(',');
            infoMembers(child, 0);
            character('}');
        }
        character(']');
    }
    literal("}}\n");
}

} // namespace loopscope
