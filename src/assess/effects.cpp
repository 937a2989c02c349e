#include "assess/effects.hpp"

#include <algorithm>

namespace mai::assess {
namespace {
constexpr const char* kNames[] = {"exec",        "code_exec",   "file_read",  "file_write", "file_delete",
                                  "file_chmod",  "file_chown",  "file_list",  "net_connect", "net_listen",
                                  "net_send",    "net_request", "net_resolve", "priv",      "admin",
                                  "security_off", "capture",    "spawn",      "risky",      "container",
                                  "threat"};
static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<size_t>(Eff::count_));
}  // namespace

const char* eff_name(Eff e) { return kNames[static_cast<size_t>(e)]; }

bool eff_from_name(std::string_view name, Eff& out) {
  for (size_t i = 0; i < static_cast<size_t>(Eff::count_); ++i)
    if (name == kNames[i]) {
      out = static_cast<Eff>(i);
      return true;
    }
  return false;
}

int32_t EffectLog::evidence(uint32_t line, uint32_t col, std::string what, int32_t parent) {
  if (evidence_.size() >= kMaxEvidence) return parent;
  if (what.size() > 160) what = what.substr(0, 157) + "...";
  evidence_.push_back(Evidence{line, col, std::move(what), parent});
  return static_cast<int32_t>(evidence_.size() - 1);
}

std::vector<const Evidence*> EffectLog::chain(int32_t head, size_t max) const {
  std::vector<const Evidence*> out;
  for (int32_t i = head; i >= 0 && static_cast<size_t>(i) < evidence_.size() && out.size() < max;
       i = evidence_[static_cast<size_t>(i)].parent)
    out.push_back(&evidence_[static_cast<size_t>(i)]);
  std::reverse(out.begin(), out.end());
  return out;
}

void EffectLog::name_host(const std::string& host, std::string name) {
  auto it = host_names_.find(host);
  if (it == host_names_.end()) {
    if (host_names_.size() >= kMaxNamedHosts) return;
    it = host_names_.emplace(host, std::vector<std::string>{}).first;
  }
  auto& names = it->second;
  if (names.size() < kMaxNamesPerHost && std::find(names.begin(), names.end(), name) == names.end())
    names.push_back(std::move(name));
}

const std::vector<std::string>* EffectLog::host_names(const std::string& host) const {
  auto it = host_names_.find(host);
  return it == host_names_.end() ? nullptr : &it->second;
}

void EffectLog::add(Effect e) {
  if (effects_.size() >= kMaxEffects) return;
  effects_.push_back(std::move(e));
}

}  // namespace mai::assess
