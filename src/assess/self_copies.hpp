// A program that starts itself again is a supervisor with workers or a fork
// bomb, and which one depends on what the copy does with the arguments it is
// given (`--role worker`) or the variable it finds in its environment
// (`SHARD_INDEX`). Each start of itself whose arguments are all known (or
// passed on, with variables set for the copy) is judged by interpreting the
// program again as that copy: when the copy
// starts no copy of its own, the start is bounded (kCopyStops) and
// FORK-BOMB leaves it alone; when it does, or its arguments are not known,
// nothing changes. Python programs only.
#pragma once

#include <string_view>

#include "assess/effects.hpp"

namespace mai::assess {

class LibraryModel;
class KnownThreats;

// Marks the exec effects in `log` whose copies start no copy. `spent`: the
// work units the program's own interpretation took (each copy gets half).
void judge_self_copies(std::string_view code, const LibraryModel& model, const KnownThreats& threats, EffectLog& log,
                       uint64_t spent);

}  // namespace mai::assess
