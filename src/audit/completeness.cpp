#include "audit/completeness.hpp"

#include <algorithm>

#include "audit/event_types.hpp"

namespace mai::audit {

namespace {

// A non-empty string member, or nullopt.
std::optional<std::string> text(const json& data, const char* member) {
  auto it = data.find(member);
  if (it == data.end() || !it->is_string() || it->get_ref<const std::string&>().empty()) return std::nullopt;
  return it->get<std::string>();
}

std::string rec(uint64_t seq) { return "record " + std::to_string(seq); }

}  // namespace

bool Completeness::reads(std::string_view m) {
  return m == "code_sha256" || m == "level" || m == "reason" || m == "given_by" || m == "origin";
}

std::optional<Completeness::Problem> Completeness::add(const Record& r) {
  return check(r, requests_[r.request_id]);
}

std::optional<Completeness::Problem> Completeness::check(const Record& r, Request& st) {
  auto bad = [&](std::string why) { return Problem{r.seq, rec(r.seq) + ": " + std::move(why)}; };
  const std::string who = "request " + (r.request_id.empty() ? std::string("(none)") : r.request_id);
  const bool checked = !pruned_ || st.submitted;
  const json& d = r.data;
  if (r.type == events::submission) {
    st.submitted = true;
    st.unassessed.push_back(text(d, "code_sha256").value_or(""));
  } else if (r.type == events::assessment) {
    auto assessed = text(d, "code_sha256");
    if (checked) {
      if (!st.submitted) return bad("assessment of " + who + ", which was never submitted");
      auto it = assessed ? std::find(st.unassessed.begin(), st.unassessed.end(), *assessed) : st.unassessed.begin();
      if (it == st.unassessed.end() && assessed)
        it = std::find(st.unassessed.begin(), st.unassessed.end(), std::string());  // a submission without a hash
      if (it == st.unassessed.end())
        return bad(st.unassessed.empty()
                       ? "a second assessment of " + who + " for one submission"
                       : "the assessment of " + who + " is of code " + *assessed +
                             ", which was not submitted (the code submitted is " + st.unassessed.front() + ")");
      if (!assessed) assessed = *it;
      st.unassessed.erase(it);
    }
    ++st.assessments;
    if (d.contains("level") && d["level"] == "BLOCKED") {
      st.blocked.push_back(assessed.value_or(""));
      st.ever_blocked = true;
    } else
      ++st.grants;
  } else if (r.type == events::blocked) {
    if (checked) {
      if (st.blocked.empty()) return bad("blocked record for " + who + " without a BLOCKED assessment before it");
      st.blocked.erase(st.blocked.begin());
    }
  } else if (r.type == events::override_granted) {
    if (!text(d, "reason")) return bad("override for " + who + " without a reason");
    if (!text(d, "given_by")) return bad("override for " + who + " given by nobody (no given_by)");
    if (checked) {
      if (st.blocked.empty()) return bad("override for " + who + " without a BLOCKED assessment before it");
      auto code = text(d, "code_sha256");
      if (!code) return bad("override for " + who + " does not name the code it allows (no code_sha256)");
      auto it = std::find(st.blocked.begin(), st.blocked.end(), *code);
      if (it == st.blocked.end())
        return bad("override for " + who + " allows code " + *code + ", but the code assessed BLOCKED is " +
               st.blocked.front());
      st.blocked.erase(it);
      ++st.grants;
    }
  } else if (r.type == events::execution_start) {
    if (checked) {
      if (st.assessments == 0) return bad("execution of " + who + " without an assessment before it");
      if (st.grants == 0)
        return bad(st.ever_blocked ? "execution of " + who + ", assessed BLOCKED, without an override"
                                   : "execution of " + who + " without an assessment that allows it (one run per assessment)");
      --st.grants;
    }
    st.open_starts.push_back(r.seq);
    // A worker's run (delivered from its spool, data.origin an object)
    // lives on another machine: it may end after the coordinator restarts.
    bool on_worker = d.contains("origin") && d["origin"].is_object();
    if (!on_worker) open_.insert(r.seq);
  } else if (r.type == events::execution_end || r.type == events::execution_abandoned) {
    if (st.open_starts.empty()) {
      if (!pruned_) return bad(r.type + " for " + who + " without an execution.start");
    } else {
      open_.erase(st.open_starts.front());
      st.open_starts.erase(st.open_starts.begin());
    }
    if (r.type == events::execution_abandoned && !(d.contains("reason") && d["reason"].is_string()))
      return bad("execution.abandoned without a reason");
  } else if (r.type == events::service_start || r.type == events::service_stop) {
    if (!open_.empty())
      return Problem{*open_.begin(), rec(*open_.begin()) + ": an execution started but never ended: no execution.end or " +
                                         "execution.abandoned before the " + r.type + " at " + rec(r.seq)};
  }
  return std::nullopt;
}

}  // namespace mai::audit
