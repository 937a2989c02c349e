// Everything that decodes stored audit bytes: records, signed tree heads,
// pruning checkpoints, the chain head, a worker spool's events, and receipts
// given to `audit verify --receipt`. Any input is decoded or refused with an
// AuditError and nothing else; what decodes re-encodes to the same bytes
// (records, tree heads and checkpoints are canonical), and a record's body
// and signing input are the ones its fields say.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "audit/error.hpp"
#include "audit/record.hpp"
#include "audit/spool.hpp"
#include "audit/store.hpp"
#include "audit/verifier.hpp"

namespace {

void require(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mai::audit;
  const std::string bytes(reinterpret_cast<const char*>(data), size);

  try {
    Record r = Record::decode(bytes);
    require(r.encode() == bytes);
    require(Record::body_of(bytes) == r.canonical_body());
    require(Record::signing_input_of(bytes) == r.signing_input());
    require(record_hash(r.canonical_body()).size() == 32);
  } catch (const AuditError&) {
  }
  try {
    // On any bytes, as the verifier and pruning call them.
    Record::body_of(bytes);
    Record::signing_input_of(bytes);
  } catch (const AuditError&) {
  }
  try {
    TreeHead t = TreeHead::decode(bytes);
    require(t.encode() == bytes);
    require(t.hash().size() == 32);
  } catch (const AuditError&) {
  }
  try {
    Checkpoint c = Checkpoint::decode(bytes);
    require(c.encode() == bytes);
  } catch (const AuditError&) {
  }
  try {
    Head h = Head::decode(bytes);
    require(Head::decode(h.encode()).encode() == h.encode());
  } catch (const AuditError&) {
  }
  try {
    Event e = decode_spooled_event(bytes);
    require(!e.type.empty() && e.data.is_object());
    try {
      decode_spooled_event(encode_spooled_event(e));
    } catch (const AuditError&) {
      require(false);  // what decoded encodes again
    }
  } catch (const AuditError&) {
  }
  try {
    parse_receipt(bytes, "fuzz");
  } catch (const AuditError&) {
  }
  return 0;
}
