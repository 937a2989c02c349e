// The three signed objects of the log and their byte encodings (see
// docs/audit-format.md): records, signed tree heads and pruning checkpoints.
// Each is canonical JSON; its signature covers a domain-separation prefix and
// the canonical JSON of the object without its "sig" member.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/json.hpp"

namespace mai::audit {

// Records, checkpoints and the stored head are of version 2 (mai-audit/v2);
// signed tree heads did not change and keep version 1, so receipts, which
// carry a tree head, are the same as before.
inline constexpr int kFormatVersion = 2;
inline constexpr int kTreeHeadVersion = 1;
inline constexpr std::string_view kRecordDomain = "mai-audit/v2/record\n";
inline constexpr std::string_view kTreeHeadDomain = "mai-audit/v1/tree-head\n";
inline constexpr std::string_view kCheckpointDomain = "mai-audit/v2/checkpoint\n";
inline constexpr std::string_view kRotationDomain = "mai-audit/v1/key-rotation\n";

struct Record {
  uint64_t seq = 0;
  int64_t timestamp_us = 0;
  std::string type;
  std::string request_id;  // "" for events outside any request
  json data = json::object();
  std::string prev_hash;   // raw 32 bytes: record hash of record seq-1 (zeros for the first)
  std::string key_id;      // hex
  uint64_t tree_heads = 0;     // signed tree heads written before this record
  std::string tree_head_hash;  // raw 32 bytes: tree-head hash of the newest of them, zeros if none
  std::string sig;         // raw 64 bytes

  json body() const;                  // everything but "sig"
  // canonical(body): what the signature and the record hash cover.
  std::string canonical_body() const;
  // The same, with `data` given in its canonical encoding already.
  std::string canonical_body_with(std::string_view canonical_data) const;
  std::string signing_input() const;  // domain || canonical(body)
  std::string encode() const;         // canonical(body + sig): the stored bytes
  // The stored bytes from the canonical body and the signature.
  static std::string with_sig(std::string_view canonical_body, std::string_view raw_sig);
  // Throws AuditError. With `keep`, `data` holds only the top-level members
  // keep(name) accepts; the others are checked (canonical form) and left out.
  static Record decode(std::string_view bytes, bool (*keep)(std::string_view member) = nullptr);
  // From the bytes of a record that decode() accepted (canonical): the
  // canonical body (the bytes without the top-level "sig" member), and the
  // signing input (domain || body).
  static std::string body_of(std::string_view canonical_bytes);
  static std::string signing_input_of(std::string_view canonical_bytes);
};

// The record hash (= Merkle leaf hash) of a record's canonical body:
// SHA-256(0x00 || body). It leaves the signature out, so that the chain of a
// batch can be built before its records are signed (all at once, in parallel).
std::string record_hash(std::string_view canonical_body);

struct TreeHead {
  uint64_t tree_size = 0;
  int64_t timestamp_us = 0;
  std::string root_hash;  // raw 32 bytes
  std::string key_id;     // hex
  std::string sig;        // raw 64 bytes

  json body() const;
  std::string signing_input() const;
  std::string encode() const;
  json to_json() const;  // with sig, as exported
  // SHA-256(0x02 || canonical(body)): what later records commit to.
  std::string hash() const;
  static TreeHead decode(std::string_view bytes);
  static TreeHead from_json(const json& j);  // throws AuditError
};

// What pruning leaves in place of records [0, first_seq): enough to verify
// the rest and to compute every later root.
struct Checkpoint {
  uint64_t first_seq = 0;            // = tree size at the pruning point
  std::string prev_hash;             // raw: leaf hash of record first_seq-1
  std::vector<std::string> frontier;  // raw: compact range of [0, first_seq)
  int64_t last_timestamp_us = 0;     // of record first_seq-1
  std::vector<std::string> key_ids;  // every key the log had used so far, oldest first
  std::string public_key;            // raw public key current at first_seq
  int64_t timestamp_us = 0;
  std::string key_id;                // the signer (== key_id_of(public_key))
  uint64_t tree_heads = 0;           // tree heads removed with the records (tree size < first_seq), all prunings
  std::string tree_head_hash;        // raw tree-head hash of the newest of them, zeros if none
  std::string sig;

  json body() const;
  std::string signing_input() const;
  std::string encode() const;
  json to_json() const;
  static Checkpoint decode(std::string_view bytes);
  static Checkpoint from_json(const json& j);
};

// What the new key signs in an audit.key_rotated record:
// "mai-audit/v1/key-rotation\n" || old key id || "\n" || new key id.
std::string rotation_signing_input(const std::string& old_key_id, const std::string& new_key_id);

// The zero hash that the first record names as its predecessor.
std::string zero_hash();

// Big-endian 8-byte keys for RocksDB.
std::string be64(uint64_t v);
uint64_t read_be64(std::string_view bytes);  // bytes.size() must be >= 8

}  // namespace mai::audit
