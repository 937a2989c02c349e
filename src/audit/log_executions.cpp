// Executions that started and never ended (their process died): recorded as
// execution.abandoned, with the reason, so the log stays complete.
#include <algorithm>
#include <map>

#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/store.hpp"

namespace mai::audit {

std::vector<std::string> Log::abandon_open_executions(const std::string& reason) {
  return abandon_matching(reason, nullptr);
}

std::vector<std::string> Log::abandon_runs(const std::set<std::string>& run_ids,
                                           const std::string& reason) {
  if (run_ids.empty()) return {};
  return abandon_matching(reason, &run_ids);
}

std::vector<std::string> Log::abandon_matching(const std::string& reason,
                                               const std::set<std::string>* run_ids) {
  struct Start {
    uint64_t seq;
    std::string run_id;
  };
  std::map<std::string, std::vector<Start>> open;  // request id -> unfinished starts
  with_store([&](Store& store) {
    std::vector<uint64_t> seqs;
    for (const char* t : {events::execution_start, events::execution_end, events::execution_abandoned})
      for (uint64_t s : store.seqs_for_type(t)) seqs.push_back(s);
    std::sort(seqs.begin(), seqs.end());
    for (uint64_t s : seqs) {
      auto bytes = store.get_record(s);
      if (!bytes) continue;
      Record r = Record::decode(*bytes);
      auto& v = open[r.request_id];
      if (r.type == events::execution_start)
        v.push_back(Start{s, r.data.value("run_id", std::string())});
      else if (!v.empty())
        v.erase(v.begin());
    }
  });
  std::vector<Event> evs;
  std::vector<std::string> ids;
  for (const auto& [id, starts] : open)
    for (const auto& start : starts) {
      if (run_ids && !run_ids->count(start.run_id)) continue;
      evs.push_back(Event{events::execution_abandoned, id,
                          json{{"reason", reason}, {"start_seq", start.seq}}});
      ids.push_back(id);
    }
  if (!evs.empty()) append(evs);
  return ids;
}

}  // namespace mai::audit
