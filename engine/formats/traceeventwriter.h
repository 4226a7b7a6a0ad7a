#pragma once

#include "formats/jsonoutput.h"
#include "formats/traceformat.h"
#include "recording/recording.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace loopscope {

// The pieces of a trace file, written into its JSON output: records as events, the tracks' names, and what
// the recording says about itself (otherData). It knows the process the events written from now on belong
// to: its trace pid (1: the program or run; 2 on: the child processes followed with an attached program),
// and how far its records' times lie after the program's (a child's recording counts from its own probe's
// start). Which events go in, and in what order, is the trace writer's (tracewriter.cpp).
class TraceEventWriter : public JsonOutput
{
public:
    using JsonOutput::JsonOutput;

    // The process the events written from now on belong to.
    void setProcess(int pid, std::int64_t shiftNs);
    int pid() const { return m_pid; }

    // One record as an event, after a comma written by the caller.
    void record(const Record& r, const StringTable& strings);
    // One track's name and place among the tracks, after a comma.
    void trackName(int tid, const std::string& name);
    // The process's name (the program's is the first event, with no comma before it), then the tracks' names.
    void metadata(const Recording& recording, const std::map<int, std::string>& names);
    // The blocked callbacks' sampled stacks, before otherData (traceprofiles.h).
    void blockProfiles(const Recording& recording);
    // The trace's otherData and the closing brace; `leftOut` events a cap left out.
    void otherData(const Recording& recording, std::uint64_t leftOut);

private:
    void eventHead(std::string_view head, std::string_view name, int tid, std::int64_t startNs);
    void infoMembers(const Recording& recording, std::uint64_t leftOut);

    std::string m_pidField = ",\"pid\":1,\"tid\":";
    int m_pid = ProgramPid;
    std::int64_t m_shiftNs = 0;
};

} // namespace loopscope
