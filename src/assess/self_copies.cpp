#include "assess/self_copies.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "assess/command_model.hpp"
#include "assess/context.hpp"
#include "assess/taint.hpp"

namespace mai::assess {

namespace {

// Copies interpreted per program, each with half the work the program's own
// interpretation took and a quarter of its CPU deadline: an assessment costs
// at most about twice its work (and a parse per copy) on any input. A copy
// that runs out counts as starting copies.
constexpr size_t kMaxCopies = 2;
constexpr uint64_t kMinCopyUnits = 20000;

// A Python program's exec of its own file, or a script's `"$0" &` (its own:
// a script it wrote and runs that starts itself is a copy of that script).
bool starts_itself(const Effect& e) {
  return (e.kind == Eff::exec && (e.data_taint & kSelf)) || (e.kind == Eff::spawn && e.tag == "recursive" && e.via.empty());
}

using CopyEnv = std::vector<std::pair<std::string, std::string>>;
using CopyKey = std::pair<std::vector<std::string>, CopyEnv>;

// A start's copy: its arguments and its environment, numbers and values
// not known here as one unknown value (a shard's index: every worker is
// the same copy, judged once, not one per index).
CopyKey copy_key(const Effect& e) {
  CopyKey key{*e.copy_args, e.copy_env};
  auto generalise = [](std::string& text) {
    if (is_partial(text) || (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos))
      text = std::string(1, kUnknownPart);
  };
  for (auto& arg : key.first) generalise(arg);
  for (auto& [var, text] : key.second) generalise(text);
  return key;
}

// Whether the program, run with these arguments and this environment, starts itself.
bool copy_starts_itself(std::string_view code, Language language, const LibraryModel& model,
                        const KnownThreats& threats, const CopyKey& copy, uint64_t units) {
  EffectLog log;
  Ctx ctx(model, threats, log, units, Budget::kCpuLimitNs / 4);
  ctx.copy_run = true;
  if (!copy.second.empty())
    ctx.child_env = [&copy] {
      Ctx::Environment env;
      for (const auto& [var, text] : copy.second) env.emplace_back(var, Word{text, 0, -1});
      return env;
    };
  std::vector<Word> words;
  for (const auto& a : copy.first) words.push_back(Word{a, 0, -1});
  if (language == Language::python) interpret_python(code, ctx, nullptr, nullptr, 0, -1, &words);
  else interpret_shell_script(code, ctx, nullptr, nullptr, 0, -1, std::move(words));
  // A copy analysed only in part may start itself where the analysis stopped.
  if (ctx.incomplete) return true;
  for (const Effect& e : log.effects())
    if (starts_itself(e)) return true;
  return false;
}

}  // namespace

std::optional<std::vector<std::string>> copy_arguments(const std::vector<Word>& words, size_t first) {
  std::vector<std::string> given;
  for (size_t k = first; k < words.size(); ++k) {
    const bool option_value = k > first && words[k - 1].text.rfind("--", 0) == 0 && !is_partial(words[k - 1].text);
    if ((!option_value && is_partial(words[k].text)) || (words[k].taint & kSelf)) return std::nullopt;
    given.push_back(is_partial(words[k].text) ? std::string(1, kUnknownPart) : words[k].text);
  }
  return given;
}

void judge_self_copies(std::string_view code, Language language, const LibraryModel& model,
                       const KnownThreats& threats, EffectLog& log, uint64_t spent) {
  std::map<CopyKey, bool> stops;  // the copy's arguments and environment -> it starts no copy
  for (const Effect& e : log.effects()) {
    if (!starts_itself(e) || !e.copy_args) continue;
    CopyKey key = copy_key(e);
    if (!stops.count(key) && stops.size() < kMaxCopies)
      stops[key] = !copy_starts_itself(code, language, model, threats, key, std::max(spent / 2, kMinCopyUnits));
  }
  // A start is one site (its exec, and the interpreter that runs the copy):
  // bounded when every start there is, one of arguments not known never.
  std::map<std::pair<uint32_t, uint32_t>, bool> bounded;
  for (const Effect& e : log.effects()) {
    if (!starts_itself(e) || (!e.copy_args && e.tag != "process")) continue;
    auto it = e.copy_args ? stops.find(copy_key(e)) : stops.end();
    const bool stop = it != stops.end() && it->second;
    auto [slot, fresh] = bounded.emplace(std::make_pair(e.line, e.col), stop);
    if (!fresh) slot->second = slot->second && stop;
  }
  for (Effect& e : log.mutable_effects()) {
    if (!starts_itself(e)) continue;
    auto it = bounded.find({e.line, e.col});
    if (it != bounded.end() && it->second) e.flags |= kCopyStops;
  }
}

}  // namespace mai::assess
