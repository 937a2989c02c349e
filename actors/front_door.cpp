#include "actors/front_door.hpp"

#include <functional>
#include <map>

#include "actors/containment.hpp"
#include "actors/protocol.hpp"
#include "audit/event_types.hpp"
#include "model/submission_check.hpp"

namespace mai::actors {

namespace {

// The unit a concurrency limit applies to: one certificate, or one plain
// loopback connection.
std::string client_key(const transport::PeerIdentity& id) {
  return id.tls ? "cert:" + id.fingerprint : "plain:" + id.address;
}

}  // namespace

bool worker_may_deliver(const std::string& type) {
  namespace ev = audit::events;
  for (const char* t : {ev::execution_start, ev::execution_end, ev::execution_abandoned, ev::network,
                        ev::violation})
    if (type == t) return true;
  return false;
}

bool may_act_as_worker(const transport::PeerIdentity& id) {
  if (!id.tls) return true;
  for (const auto& attribute : transport::subject_attributes(id.subject))
    if (attribute == "OU=workers") return true;
  return false;
}

front_door_actor::behavior_type front_door(front_door_actor::pointer self, FrontDoorSettings s) {
  auto settings = std::make_shared<const FrontDoorSettings>(std::move(s));
  auto in_flight = std::make_shared<std::map<std::string, uint32_t>>();
  // Worker id -> the certificate that joined with it first. The ids are no
  // secret (`status` lists them to every client), and the dispatcher takes a
  // join with a known id for that worker's restart: another worker
  // certificate joining with it ended the real worker's runs as worker_lost
  // and took its place, and its heartbeats kept a frozen worker from being
  // declared lost. On plain TCP (loopback only) every peer is one identity.
  auto worker_ids = std::make_shared<std::map<std::string, std::string>>();
  // Ids claimed per certificate: a worker keeps its id across restarts, so a
  // handful is plenty, and the map above stays bounded by the certificates
  // the CA issued however often one joins under a new id.
  auto ids_claimed = std::make_shared<std::map<std::string, size_t>>();
  // An error when `id` belongs to another certificate than the session's;
  // `claim`: take it for this certificate if nobody has.
  auto check_worker_id = [worker_ids, ids_claimed](const transport::PeerIdentity& identity, const std::string& id,
                                                   bool claim) -> caf::error {
    if (!identity.tls || id.empty()) return caf::error{};
    auto it = worker_ids->find(id);
    if (it == worker_ids->end()) {
      if (!claim) return caf::error{};
      size_t& claimed = (*ids_claimed)[identity.fingerprint];
      if (claimed >= kMaxWorkerIdsPerCertificate)
        return make_error(errc::invalid_request,
                          identity.display() + " has joined under " + std::to_string(claimed) +
                              " worker ids already (the limit); join again under one of them");
      ++claimed;
      (*worker_ids)[id] = identity.fingerprint;
      return caf::error{};
    }
    if (it->second == identity.fingerprint) return caf::error{};
    return make_error(errc::unauthenticated,
                      "worker id " + id + " belongs to another certificate than " + identity.display());
  };
  // The identity of a session that may act as a worker, or the error to answer.
  auto worker_identity = [settings](const std::string& session)
      -> caf::expected<transport::PeerIdentity> {
    auto identity = settings->sessions->find(session);
    if (!identity)
      return make_error(errc::unauthenticated, "this request names no session of a live connection");
    if (!may_act_as_worker(*identity))
      return make_error(errc::unauthenticated, identity->display() +
                                                   " holds no worker certificate (OU=workers)");
    return *identity;
  };
  // Counts one more request in flight for the client, within its limit: the
  // callback that ends it, or null (and why in `busy`) when over the limit.
  auto admit = [settings, in_flight](const transport::PeerIdentity& identity,
                                     std::string& busy) -> std::function<void()> {
    std::string key = client_key(identity);
    uint32_t& running = (*in_flight)[key];
    if (running >= settings->max_concurrent_per_client) {
      busy = "this client already has " + std::to_string(running) +
             " requests in flight; the limit is " +
             std::to_string(settings->max_concurrent_per_client);
      return nullptr;
    }
    ++running;
    return [in_flight, key] {
      auto it = in_flight->find(key);
      if (it != in_flight->end() && --it->second == 0) in_flight->erase(it);
    };
  };
  return {
      contain("front door submit",
              [=](submit_atom, const std::string& session, Submission& sub,
                  const caf::actor& subscriber) -> caf::result<RunResult> {
                auto identity = settings->sessions->find(session);
                if (!identity)
                  return make_error(errc::unauthenticated,
                                    "this request names no session of a live connection");
                if (auto problem = check_submission_fields(sub))
                  return make_error(errc::invalid_request, *problem);
                if (settings->health && !settings->health->healthy())
                  return make_error(errc::unavailable, "the service cannot take submissions: " +
                                                           settings->health->problems().front());
                // Who submitted is what the certificate says, never what the peer says;
                // request ids are the service's to give.
                sub.client = identity->display();
                sub.request_id.clear();

                std::string busy;
                auto done = admit(*identity, busy);
                if (!done)
                  return self->delegate(settings->gateway, reject_atom::value, std::move(sub),
                                        std::string("client_busy"), busy);
                auto rp = self->make_response_promise<RunResult>();
                // The gateway is local and always answers; its own steps carry the timeouts.
                self->request(settings->gateway, caf::infinite, submit_atom::value, std::move(sub),
                              subscriber)
                    .then([rp, done](RunResult& r) mutable { done(), rp.deliver(std::move(r)); },
                          [rp, done](caf::error& e) mutable { done(), rp.deliver(std::move(e)); });
                return rp;
              }),
      contain("front door assess",
              [=](assess_atom, const std::string& session, std::string& code, Language language,
                  Origin origin) -> caf::result<Assessment> {
                auto identity = settings->sessions->find(session);
                if (!identity)
                  return make_error(errc::unauthenticated,
                                    "this request names no session of a live connection");
                // The same field checks as a submission of this code.
                Submission probe;
                probe.language = language;
                probe.origin = origin;
                if (auto problem = check_submission_fields(probe))
                  return make_error(errc::invalid_request, *problem);
                if (settings->health && !settings->health->healthy())
                  return make_error(errc::unavailable, "the service cannot assess: " +
                                                           settings->health->problems().front());
                // Assessments count against the client's limit like runs: the
                // assessor is shared by every client.
                std::string busy;
                auto done = admit(*identity, busy);
                if (!done) return make_error(errc::overloaded, busy);
                auto rp = self->make_response_promise<Assessment>();
                self->request(settings->assessor, std::chrono::seconds(60), assess_atom::value,
                              std::move(code), CodeInputs{}, language, origin)
                    .then([rp, done](Assessment& a) mutable { done(), rp.deliver(std::move(a)); },
                          [rp, done](caf::error& e) mutable { done(), rp.deliver(std::move(e)); });
                return rp;
              }),
      contain("front door join",
              [=](join_atom, const std::string& session, WorkerInfo& info,
                  executor_actor& exec) -> caf::result<std::string> {
                auto identity = worker_identity(session);
                if (!identity) return identity.error();
                if (auto err = check_worker_id(*identity, info.id, true)) return err;
                return self->delegate(settings->dispatcher, join_atom::value, std::move(info),
                                      std::move(exec), identity->display());
              }),
      contain("front door heartbeat",
              [=](heartbeat_atom, const std::string& session,
                  const std::string& worker_id) -> caf::result<bool> {
                auto identity = worker_identity(session);
                if (!identity) return identity.error();
                if (auto err = check_worker_id(*identity, worker_id, false)) return err;
                return self->delegate(settings->dispatcher, heartbeat_atom::value, worker_id);
              }),
      contain("front door deliver",
              [=](deliver_atom, const std::string& session, const std::string& origin,
                  uint64_t first, std::vector<AuditEvent>& events) -> caf::result<uint64_t> {
                auto identity = worker_identity(session);
                if (!identity) return identity.error();
                for (const auto& e : events)
                  if (!worker_may_deliver(e.type))
                    return make_error(errc::invalid_request,
                                      "a worker delivers only its runs' records, not " + e.type);
                return self->delegate(settings->auditor, deliver_atom::value, origin, first,
                                      std::move(events));
              }),
      contain("front door delivered",
              [=](delivered_atom, const std::string& session,
                  const std::string& origin) -> caf::result<uint64_t> {
                auto identity = worker_identity(session);
                if (!identity) return identity.error();
                return self->delegate(settings->auditor, delivered_atom::value, origin);
              }),
      contain("front door abandon",
              [=](abandon_atom, const std::string& session, std::vector<std::string>& run_ids,
                  std::string& reason) -> caf::result<std::vector<std::string>> {
                auto identity = worker_identity(session);
                if (!identity) return identity.error();
                return self->delegate(settings->auditor, abandon_atom::value, std::move(run_ids),
                                      std::move(reason));
              }),
      contain("front door status",
              [=](status_atom, const std::string& session) -> caf::result<ClusterStatus> {
                if (!settings->sessions->find(session))
                  return make_error(errc::unauthenticated,
                                    "this request names no session of a live connection");
                // The node's health travels with the cluster's view, and is
                // reported even when the dispatcher cannot answer.
                auto rp = self->make_response_promise<ClusterStatus>();
                auto health = settings->health;
                auto with_health = [health](ClusterStatus view) {
                  if (health && !health->healthy()) {
                    view.healthy = false;
                    view.problems = health->problems();
                  }
                  return view;
                };
                self->request(settings->dispatcher, std::chrono::seconds(10), status_atom::value)
                    .then(
                        [rp, with_health](ClusterStatus& view) mutable {
                          rp.deliver(with_health(std::move(view)));
                        },
                        [rp, with_health](caf::error& e) mutable {
                          ClusterStatus view = with_health({});
                          view.healthy = false;
                          view.problems.push_back("the dispatcher did not answer: " +
                                                  error_message(e));
                          rp.deliver(std::move(view));
                        });
                return rp;
              }),
  };
}

}  // namespace mai::actors
