// The completeness rules of docs/audit-format.md section 7, item 7: what
// must be on record before and after what, per request. Fed every record in
// seq order; says what is wrong with the first record that breaks a rule.
//
// A request's runs are granted one by one: each assessment that is not
// BLOCKED grants one execution, and so does each override of a BLOCKED
// assessment of exactly that code (its code_sha256). An execution.start
// takes a grant; without one it is a failure (BLOCKED code run without an
// override, or run without any assessment). A client may reuse a request id,
// so a request may hold several flows; the grants of all of them count.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "audit/record.hpp"

namespace mai::audit {

class Completeness {
 public:
  // pruned: the log starts after a pruning checkpoint; then the rules hold
  // only for requests whose submission is still in the log.
  explicit Completeness(bool pruned) : pruned_(pruned) {}

  struct Problem {
    uint64_t seq;        // the first bad record
    std::string reason;  // naming it
  };
  // The rule `r` breaks, or nullopt.
  std::optional<Problem> add(const Record& r);
  // The members of a record's `data` that the rules read: the verifier
  // decodes only those (and its own). A rule that reads another member must
  // be added here (completeness_test verifies real logs, so it fails if not).
  static bool reads(std::string_view data_member);
  // The service's own executions still open at the end (they may be running).
  const std::set<uint64_t>& open() const { return open_; }

 private:
  struct Request {
    bool submitted = false;          // its submission is in the log
    std::vector<std::string> unassessed;  // code hashes submitted and not yet assessed
    unsigned assessments = 0;
    std::vector<std::string> blocked;  // code hashes of BLOCKED assessments not yet overridden or closed
    bool ever_blocked = false;       // an assessment of it was BLOCKED
    unsigned grants = 0;             // executions allowed and not yet started
    std::vector<uint64_t> open_starts;
  };
  std::optional<Problem> check(const Record& r, Request& st);

  const bool pruned_;
  std::map<std::string, Request> requests_;
  std::set<uint64_t> open_;  // the service's own open starts (no data.origin object)
};

}  // namespace mai::audit
