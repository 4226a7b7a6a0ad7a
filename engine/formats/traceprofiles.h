#pragma once

#include <string>

namespace loopscope {

class JsonLexer;
class Recording;

// The blocked callbacks' sampled stacks in a trace (Recording::blockProfiles), a top-level member of the
// trace object beside traceEvents, which other readers of the format (Perfetto, chrome://tracing) skip:
//   "blockProfiles":[{"thread":0,"startNs":N,"intervalNs":N,"stacks":[{"hits":N,"frames":["outer",...,"inner"]}]}]
// `thread` is the record thread of the callback (0: the main loop), `startNs` its start in ns since the run
// started, as its callback event's ts says in µs.

// Appends the member ("blockProfiles":[...]) for `recording`'s profiles to `out`; nothing when it has none.
void appendBlockProfiles(std::string& out, const Recording& recording);

// Reads the member's value at the lexer's next token into `into`; false (the lexer says why) when it is
// not one this version writes.
bool readBlockProfiles(JsonLexer& lexer, Recording& into);

} // namespace loopscope
