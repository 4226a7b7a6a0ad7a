#pragma once

#include "recording/events.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace loopscope {

// The compact form of sealed records, which is how a kept recording holds its past.
//
// A block of records is encoded against itself: each record says only what differs from what the
// one before it of its kind (a phase: the same phase one iteration earlier) lets the decoder
// predict. A loop that does the same thing every iteration (a setImmediate chain) so costs a few
// bytes a record, its times as small deltas: the phase markers of an iteration and its callback
// take about 50 bytes instead of 384. Blocks are short so that reading one record decodes few.
//
// Per record: a header byte (the type in the low four bits; bits 4-6: sub, thread and label differ
// from the prediction and follow), the start as a signed delta from the previous record's, and the
// payload: for spans a byte saying which of duration, busy, longest, count and iteration differ from
// their prediction, each then a signed delta; for queue samples seven counts the same way; for latency
// samples the doubles that changed, as they are. Signed deltas are zigzag LEB128 varints.
namespace recordcodec {

inline constexpr std::size_t BlockRecords = 256;

// Appends the encoding of `count` records (at most BlockRecords) to `out`.
void encodeBlock(const Record* records, std::size_t count, std::vector<std::uint8_t>& out);

// Decodes `count` records from `bytes`; false when the bytes end early or do not decode (a spill
// file that was damaged), in which case `out` holds what decoded and zeroed records after it.
bool decodeBlock(const std::uint8_t* bytes, std::size_t size, Record* out, std::size_t count);

} // namespace recordcodec

} // namespace loopscope
