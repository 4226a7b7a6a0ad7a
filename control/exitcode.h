#pragma once

// The exit codes of `loopscope` (SPEC section 3), besides a program's own status and 128 + a signal.
namespace exitcode {

enum Code : int { Success = 0, InternalError = 1, BadInput = 2, Aborted = 3, NodeDiffers = 4 };

} // namespace exitcode
