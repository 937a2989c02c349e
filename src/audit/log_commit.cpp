// Group commit: every caller's events, checked and encoded by the caller in
// its own thread, then sealed and written in one batch with the new chain
// head (and, when a caller asked for its receipt, one tree head over all of
// them), synced unless every event in it is sync_with_next. Worker spools'
// events carry their origin and are appended exactly once.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <map>
#include <utility>

#include "audit/canonical_json.hpp"
#include "audit/chain.hpp"
#include "audit/worker_pool.hpp"
#include "audit/error.hpp"
#include "common/utf8.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/parent_diff.hpp"
#include "audit/store.hpp"

namespace mai::audit {

namespace {

// An event checked and ready to be sealed: its record without the chain
// fields, and its data canonically encoded (a delivered event's with its
// origin; a submission's data is kept, as it may get its parent diff).
struct Prepared {
  Record r;
  std::string data;  // canonical
};

void check_size(const Prepared& pr, uint64_t max_record) {
  if (pr.data.size() + 1024 > max_record)
    throw AuditError("audit event " + pr.r.type + " is " + std::to_string(pr.data.size()) +
                     " bytes, more than max_record (" + std::to_string(max_record) + " bytes, audit.yaml)");
}

using Clock = std::chrono::steady_clock;

// Adds the time since `since` to `total` and restarts `since`.
void lap(std::atomic<uint64_t>& total, Clock::time_point& since) {
  auto now = Clock::now();
  total += static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(now - since).count());
  since = now;
}

}  // namespace

struct Log::Pending {
  const std::vector<Event>* events = nullptr;
  std::vector<Prepared> prepared;  // one per event, by the appender's own thread
  bool want_receipt = false;
  // append_delivered(): the origin and the spool seq of events->front().
  const std::string* origin = nullptr;
  uint64_t first_spool_seq = 0;
  uint64_t delivered_up_to = 0;  // out: the origin's mark after the commit
  std::vector<uint64_t> seqs;
  uint64_t written = 0;  // the WalSync ticket of the write holding its records (0: none)
  AuditReceipt receipt;
  bool done = false;
  std::exception_ptr error;
};

std::vector<uint64_t> Log::append(const std::vector<Event>& events) {
  return enqueue(events, false, nullptr);
}

AuditReceipt Log::append_and_sign(const std::vector<Event>& events) {
  if (events.empty()) throw AuditError("append_and_sign: no events");
  AuditReceipt r;
  enqueue(events, true, &r);
  return r;
}

DeliveryAck Log::append_delivered(const std::string& origin, uint64_t first_spool_seq,
                                  const std::vector<Event>& events) {
  if (origin.empty() || origin.size() > 256 || !is_valid_utf8(origin))
    throw AuditError("append_delivered: the origin id must be 1 to 256 bytes of UTF-8");
  if (first_spool_seq == 0) throw AuditError("append_delivered: spool seqs start at 1");
  if (events.empty()) return DeliveryAck{delivered_up_to(origin), {}};
  Pending p;
  p.origin = &origin;
  p.first_spool_seq = first_spool_seq;
  DeliveryAck ack;
  ack.seqs = enqueue(events, false, nullptr, &p);
  ack.delivered_up_to = p.delivered_up_to;
  return ack;
}

uint64_t Log::delivered_up_to(const std::string& origin) {
  uint64_t mark = 0;
  with_store([&](Store& store) { mark = store.delivery_mark(origin); });
  return mark;
}

std::vector<uint64_t> Log::enqueue(const std::vector<Event>& events, bool want_receipt, AuditReceipt* receipt,
                                   Pending* given) {
  if (events.empty()) return {};
  Pending local;
  Pending& p = given ? *given : local;
  p.events = &events;
  p.want_receipt = want_receipt;
  prepare(p);
  group_.submit(
      p, [this](std::vector<Pending*>& batch) { commit(batch); },
      [this](std::vector<Pending*>& batch) { sync_committed(batch); });
  if (receipt) *receipt = p.receipt;
  return p.seqs;
}

// Shape checks and canonical encoding, in the appender's own thread before
// it queues: a bad event fails only its own caller, and the commit, which
// runs one batch at a time, is left with the chaining, signing and writing.
void Log::prepare(Pending& p) {
  auto t = Clock::now();
  p.prepared.clear();
  p.prepared.reserve(p.events->size());
  for (size_t k = 0; k < p.events->size(); ++k) {
    const Event& e = (*p.events)[k];
    if (e.type.empty()) throw AuditError("audit event without a type");
    if (e.type.rfind("audit.", 0) == 0)
      throw AuditError("audit event type " + e.type + " is reserved for the audit engine");
    if (!is_valid_utf8(e.type) || !is_valid_utf8(e.request_id))
      throw AuditError("audit event type or request id is not valid UTF-8");
    if (!e.data.is_null() && !e.data.is_object()) throw AuditError("audit event data must be a JSON object");
    Prepared pr;
    pr.r.type = e.type;
    pr.r.request_id = e.request_id;
    const json* d = &e.data;
    if (p.origin) {
      if (e.data.contains("origin"))
        throw AuditError("delivered audit event " + e.type +
                         " already has data.origin; it is reserved for the delivering node");
      pr.r.data = e.data.is_null() ? json::object() : e.data;
      pr.r.data["origin"] = json{{"node", *p.origin}, {"spool_seq", p.first_spool_seq + k}};
      d = &pr.r.data;
    } else if (e.type == events::submission) {
      pr.r.data = e.data.is_null() ? json::object() : e.data;  // may get its parent diff
      d = &pr.r.data;
    }
    pr.data = d->is_null() ? "{}" : canonical_json(*d, Floats::as_strings);
    check_size(pr, cfg_.max_record_bytes);
    p.prepared.push_back(std::move(pr));
  }
  lap(timers_.prepare_ns, t);
}

void Log::commit(std::vector<Pending*>& batch) {
  std::vector<Pending*>& good = batch;  // every event already checked and encoded by its caller (prepare)
  const uint64_t max_record = cfg_.max_record_bytes;
  Clock::time_point t;
  with_store([&](Store& store) {
    t = Clock::now();  // after waiting for the session
    Head h = take_head(store);
    const SigningKey key = key_.current();
    Sealer sealer(h);
    // The pool signs each record while the ones after it are sealed.
    size_t most = 0;
    for (auto* p : good) most += p->prepared.size();
    sealer.sign_as_added(&signers_, most);
    Store::Batch b(store);
    bool receipt_wanted = false;
    std::map<std::string, std::string> batch_code;  // submissions earlier in this batch
    std::map<std::string, uint64_t> marks;           // delivery marks as of this batch
    for (size_t i = 0; i < good.size(); ++i) {
      size_t skip = 0;
      std::vector<Prepared>& prepared = good[i]->prepared;
      if (good[i]->origin) {
        const std::string& origin = *good[i]->origin;
        auto it = marks.find(origin);
        if (it == marks.end()) it = marks.emplace(origin, store.delivery_mark(origin)).first;
        const uint64_t mark = it->second, first = good[i]->first_spool_seq, n = prepared.size();
        if (first > mark + 1) {
          good[i]->error = std::make_exception_ptr(
              AuditError("spool gap: expected " + std::to_string(mark + 1) + ", got " + std::to_string(first) +
                         " (origin " + origin + ")"));
          continue;
        }
        skip = static_cast<size_t>(std::min<uint64_t>(mark + 1 - first, n));
        const uint64_t last = first + n - 1;
        if (last > mark) {
          it->second = last;
          b.put_delivery_mark(origin, last);
        }
        good[i]->delivered_up_to = it->second;
      }
      // A submission gets its parent diff: encoded again, and checked again.
      std::vector<std::string> added_code;
      try {
        for (size_t k = skip; k < prepared.size(); ++k) {
          Prepared& pr = prepared[k];
          if (pr.r.type != events::submission) continue;
          if (add_parent_diff(store, pr.r, batch_code, max_record)) {
            pr.data = canonical_json(pr.r.data, Floats::as_strings);
            check_size(pr, max_record);
          }
          added_code.push_back(pr.r.request_id);
        }
      } catch (const AuditError&) {
        for (const auto& id : added_code) batch_code.erase(id);
        good[i]->error = std::current_exception();
        continue;
      }
      for (size_t k = skip; k < prepared.size(); ++k) {
        Prepared& pr = prepared[k];
        pr.r.data = json();  // not needed any more: its canonical bytes are
        good[i]->seqs.push_back(sealer.add(std::move(pr.r), pr.data, key));
      }
      receipt_wanted = receipt_wanted || (good[i]->want_receipt && !good[i]->error);
    }
    if (sealer.size() == 0 && b.count() == 0) return;  // only redeliveries (and gaps): nothing to write
    if (receipt_wanted && sealer.size() > 0) sealer.add_tree_head(key);
    lap(timers_.seal_ns, t);
    sealer.sign(&signers_);
    lap(timers_.sign_ns, t);
    sealer.put_into(b);
    // A receipt or a delivery mark is answered for at once: always synced.
    bool sync = receipt_wanted;
    for (auto* p : good) {
      if (p->origin) sync = true;
      for (const auto& e : *p->events) sync = sync || !e.sync_with_next;
    }
    try {
      store.write(b, sync && !sync_apart_);
    } catch (const std::exception& e) {
      wal_.fail(e.what());  // later batches must not chain onto what may be half there
      throw;
    }
    const uint64_t ticket = wal_.written();
    keep_head(store, std::move(h));  // as sealed and written; the sealer is done with it
    // Pipelined: synced apart, unless every event may wait for the next sync.
    if (sync)
      for (auto* p : good)
        if (!p->error) p->written = ticket;
    lap(timers_.write_ns, t);
    timers_.batches += 1;
    timers_.records += sealer.size();
    if (sealer.tree_heads() > 0)
      for (auto* p : good)
        if (p->want_receipt && !p->error) p->receipt = receipt_of(sealer.tree_head(0), p->seqs.front(), p->seqs.back());
  });
}

// Durable when it returns: the WAL synced past this batch's write, while the
// next batch is being committed. Nothing to do when the write synced itself.
void Log::sync_committed(std::vector<Pending*>& batch) {
  uint64_t ticket = 0;
  for (auto* p : batch) ticket = std::max(ticket, p->written);
  if (!sync_apart_ || ticket == 0) return;
  auto t = Clock::now();
  wal_.sync(ticket, [this] { session_.sync_wal(); });
  lap(timers_.sync_ns, t);
}

CommitTimes Log::commit_times() const {
  CommitTimes c;
  c.batches = timers_.batches;
  c.records = timers_.records;
  c.prepare_ns = timers_.prepare_ns;
  c.seal_ns = timers_.seal_ns;
  c.sign_ns = timers_.sign_ns;
  c.write_ns = timers_.write_ns;
  c.sync_ns = timers_.sync_ns;
  return c;
}

}  // namespace mai::audit
