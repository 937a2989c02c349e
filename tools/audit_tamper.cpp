// mai-audit-tamper: plays the attacker for tests and demonstrations. Flips
// one bit of one byte of one stored audit record, in place, without touching
// anything else — exactly what `audit verify` must catch.
//
//   mai-audit-tamper STATE_DIR SEQ [BYTE_OFFSET]
#include <cstdlib>
#include <iostream>

#include "audit/record.hpp"
#include "audit/store.hpp"

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::cerr << "usage: mai-audit-tamper STATE_DIR SEQ [BYTE_OFFSET]\n";
    return 2;
  }
  try {
    uint64_t seq = std::stoull(argv[2]);
    size_t offset = argc == 4 ? std::stoull(argv[3]) : 0;
    auto store = mai::audit::Store::open(mai::audit::db_dir_for(argv[1]),
                                         mai::audit::Store::Mode::write, 5000);
    auto bytes = store->get_record(seq);
    if (!bytes) {
      std::cerr << "mai-audit-tamper: no record " << seq << "\n";
      return 1;
    }
    std::string changed = *bytes;
    if (argc < 4) offset = changed.size() / 2;
    if (offset >= changed.size()) {
      std::cerr << "mai-audit-tamper: record " << seq << " has only " << changed.size()
                << " bytes\n";
      return 1;
    }
    changed[offset] = static_cast<char>(changed[offset] ^ 0x01);
    store->raw_put(mai::audit::store_keys::record(seq), changed);
    std::cout << "flipped a bit of byte " << offset << " of record " << seq << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "mai-audit-tamper: " << e.what() << "\n";
    return 1;
  }
}
