// Group commit: every caller's events, checked one caller at a time, then
// sealed and written in one synced batch with the new chain head (and, when
// a caller asked for its receipt, one tree head over all of them). Worker
// spools' events carry their origin and are appended exactly once.
#include <algorithm>
#include <exception>
#include <map>

#include "audit/canonical_json.hpp"
#include "audit/chain.hpp"
#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/parent_diff.hpp"
#include "audit/store.hpp"

namespace mai::audit {

struct Log::Pending {
  const std::vector<Event>* events = nullptr;
  bool want_receipt = false;
  // append_delivered(): the origin and the spool seq of events->front().
  const std::string* origin = nullptr;
  uint64_t first_spool_seq = 0;
  uint64_t delivered_up_to = 0;  // out: the origin's mark after the commit
  std::vector<uint64_t> seqs;
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
  if (origin.empty() || origin.size() > 256 || !valid_utf8(origin))
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
  group_.submit(p, [this](std::vector<Pending*>& batch) { commit(batch); });
  if (receipt) *receipt = p.receipt;
  return p.seqs;
}

void Log::commit(std::vector<Pending*>& batch) {
  // Shape checks first, so one bad event fails only its own caller.
  std::vector<Pending*> good;
  std::vector<std::vector<Record>> prepared;
  for (auto* p : batch) {
    try {
      std::vector<Record> recs;
      uint64_t spool_seq = p->first_spool_seq;
      for (const auto& e : *p->events) {
        if (e.type.empty()) throw AuditError("audit event without a type");
        if (e.type.rfind("audit.", 0) == 0)
          throw AuditError("audit event type " + e.type + " is reserved for the audit engine");
        if (!valid_utf8(e.type) || !valid_utf8(e.request_id))
          throw AuditError("audit event type or request id is not valid UTF-8");
        Record r;
        r.type = e.type;
        r.request_id = e.request_id;
        r.data = e.data.is_null() ? json::object() : normalize_numbers(e.data);
        if (!r.data.is_object()) throw AuditError("audit event data must be a JSON object");
        if (p->origin) {
          if (r.data.contains("origin"))
            throw AuditError("delivered audit event " + e.type +
                             " already has data.origin; it is reserved for the delivering node");
          r.data["origin"] = json{{"node", *p->origin}, {"spool_seq", spool_seq++}};
        }
        std::string size_probe = canonical_json(r.data);
        if (size_probe.size() + 1024 > cfg_.max_record_bytes)
          throw AuditError("audit event " + e.type + " is " + std::to_string(size_probe.size()) +
                           " bytes, more than max_record (" + std::to_string(cfg_.max_record_bytes) +
                           " bytes, audit.yaml)");
        recs.push_back(std::move(r));
      }
      good.push_back(p);
      prepared.push_back(std::move(recs));
    } catch (...) {
      p->error = std::current_exception();
    }
  }
  if (good.empty()) return;

  with_store([&](Store& store) {
    Head h = head_of(store);
    const SigningKey key = key_.current();
    Store::Batch b(store);
    bool receipt_wanted = false;
    std::map<std::string, std::string> batch_code;  // submissions earlier in this batch
    std::map<std::string, uint64_t> marks;           // delivery marks as of this batch
    for (size_t i = 0; i < good.size(); ++i) {
      size_t skip = 0;
      if (good[i]->origin) {
        const std::string& origin = *good[i]->origin;
        auto it = marks.find(origin);
        if (it == marks.end()) it = marks.emplace(origin, store.delivery_mark(origin)).first;
        const uint64_t mark = it->second, first = good[i]->first_spool_seq, n = prepared[i].size();
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
      for (size_t k = skip; k < prepared[i].size(); ++k) {
        Record& r = prepared[i][k];
        if (r.type == events::submission) add_parent_diff(store, r, batch_code, cfg_.max_record_bytes);
        std::string bytes = seal(r, h, key);
        b.put_record(r, bytes);
        good[i]->seqs.push_back(r.seq);
      }
      receipt_wanted = receipt_wanted || good[i]->want_receipt;
    }
    if (b.count() == 0) return;  // only redeliveries (and gaps): nothing to write
    std::optional<TreeHead> th;
    if (receipt_wanted) {
      th = make_tree_head(h, key);
      b.put_tree_head(*th);
    }
    b.put_head(h);
    store.write(b);
    if (th)
      for (auto* p : good)
        if (p->want_receipt) p->receipt = receipt_of(*th, p->seqs.front(), p->seqs.back());
  });
}

}  // namespace mai::audit
