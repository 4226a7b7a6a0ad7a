#pragma once

#include "program/program.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace loopscope {

class ProgramClock;

// PBKDF2-HMAC (RFC 8018) with OpenSSL's HMAC, as crypto.pbkdf2 derives a key, on a pool thread.
// Every PauseEvery iterations it looks whether the user holds the loop, and waits while they do:
// the hash of a stepped run advances only while the program's clock does, so pool work finishes
// in the same order relative to the loop as in a run never held. At the same places it gives up
// once `stop` is set (the run it was for has ended). The key equals PKCS5_PBKDF2_HMAC's; false
// when OpenSSL refuses or it gave up.
inline constexpr std::int64_t PauseEvery = 1024;
bool derivePbkdf2(std::string_view password, std::string_view salt, std::int64_t iterations, Digest digest,
    unsigned char* key, std::size_t keyLength, const ProgramClock* clock, const std::atomic<bool>* stop = nullptr);

} // namespace loopscope
