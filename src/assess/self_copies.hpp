// A program that starts itself again is a supervisor with workers or a fork
// bomb, and which one depends on what the copy does with the arguments it is
// given (`--role worker`) or the variable it finds in its environment
// (`SHARD_INDEX`). Each start of itself whose arguments are all known (or
// passed on, with variables set for the copy) is judged by interpreting the
// program again as that copy: when the copy
// starts no copy of its own, the start is bounded (kCopyStops) and
// FORK-BOMB leaves it alone; when it does, or its arguments are not known,
// nothing changes. Python programs and shell scripts alike (a script's
// `"$0" --worker &`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "assess/effects.hpp"
#include "model/enums.hpp"

namespace mai::assess {

class LibraryModel;
class KnownThreats;
struct Word;

// The arguments a start of itself gives the copy, words[first] on, when
// each is known or is an option's value (`--role worker --interval <the
// user's>`); none when one is not known, or is the program itself again.
std::optional<std::vector<std::string>> copy_arguments(const std::vector<Word>& words, size_t first);

// Marks the exec effects in `log` whose copies start no copy. `spent`: the
// work units the program's own interpretation took (each copy gets half).
void judge_self_copies(std::string_view code, Language language, const LibraryModel& model,
                       const KnownThreats& threats, EffectLog& log, uint64_t spent);

}  // namespace mai::assess
