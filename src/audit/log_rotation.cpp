// Key rotation: a new key, announced by an audit.key_rotated record signed
// by the old key and carrying the new key's own signature over the pair of
// ids; the new key then signs a tree head over the rotation. The new key
// file is written as <key_file>.new first and renamed over the old one only
// after the rotation is durable (LogKey::sync finishes an interrupted one).
#include "audit/chain.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/store.hpp"
#include "common/encoding.hpp"

namespace mai::audit {

std::string Log::rotate_key() {
  std::string new_id;
  with_store([&](Store& store) {
    Head h = head_of(store);
    const SigningKey old = key_.current();
    SigningKey fresh = SigningKey::generate();
    fresh.save_file(key_.path() + ".new");
    const std::string old_id = old.key_id();
    Record r;
    r.type = events::key_rotated;
    r.data = json{{"old_key_id", old_id},
                  {"new_key_id", fresh.key_id()},
                  {"new_public_key", to_base64(fresh.public_key().raw())},
                  {"new_key_signature", to_base64(fresh.sign(rotation_signing_input(old_id, fresh.key_id())))}};
    Sealer sealer(h);
    sealer.add(std::move(r), old);  // signed by the old key
    h.key_id = fresh.key_id();
    h.key_ids.push_back(fresh.key_id());
    // The new key's first act: a tree head over the rotation.
    sealer.add_tree_head(fresh);
    sealer.sign();
    Store::Batch b(store);
    sealer.put_into(b);
    store.write(b);
    new_id = fresh.key_id();
    key_.replace(std::move(fresh));
  });
  return new_id;
}

}  // namespace mai::audit
