// Advancing the chain head (audit/store.hpp Head): a record sealed onto it
// (numbered, time-stamped, linked to its predecessor, signed, added to the
// Merkle frontier) and a signed tree head over it.
#pragma once
#include <cstdint>
#include <string>

#include "audit/record.hpp"
#include "audit/signer.hpp"
#include "audit/store.hpp"
#include "model/receipt.hpp"

namespace mai::audit {

// Seals `r` at the head of the chain and advances `h`; returns its bytes.
std::string seal(Record& r, Head& h, const SigningKey& key);
// A tree head over everything `h` holds, signed by `key`; notes it in `h`.
TreeHead make_tree_head(Head& h, const SigningKey& key);
// The receipt for records [first, last] under tree head `t`.
AuditReceipt receipt_of(const TreeHead& t, uint64_t first, uint64_t last);

}  // namespace mai::audit
