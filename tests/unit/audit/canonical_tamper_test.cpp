// Stored records rewritten in a form that is not canonical, and signed again
// with the log's own key (an attacker who has it): the signature then holds,
// so only the canonical-form check stands between the edit and acceptance
// (without it the verifier would accept the record and stop one later, at
// the broken chain). Each must be named as the first bad record.
#include <gtest/gtest.h>

#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/record.hpp"
#include "audit/signer.hpp"
#include "audit/store.hpp"
#include "audit/verifier.hpp"
#include "common/encoding.hpp"
#include "test_util.hpp"

namespace mai::audit {

using testing::default_config;
using testing::ev;
using testing::TempDir;

namespace {

constexpr uint64_t kVictim = 5;

struct SignedLog {
  TempDir dir;
  SignedLog() {
    auto log = Log::open(dir.path(), default_config(), false);
    for (int i = 0; i < 3; ++i) {
      std::string id = "req-" + std::to_string(i);
      log->append_and_sign({ev(events::submission, id, {{"code", "print(" + std::to_string(i) + ")"}}),
                            ev(events::assessment, id, {{"level", "LOW"}})});
    }
  }
  std::string stored(uint64_t seq) {
    auto s = Store::open(db_dir_for(dir.path()), Store::Mode::read_only, 5000);
    return *s->get_record(seq);
  }
  // Stores `bytes` as record `seq`, its signature made anew over its body.
  void put_signed(uint64_t seq, std::string bytes) {
    const auto key = SigningKey::load_file(key_path(dir.path(), default_config()));
    const std::string marker = ",\"sig\":\"";
    const size_t at = bytes.rfind(marker) + marker.size();
    const size_t end = bytes.find('"', at);
    std::string body = bytes.substr(0, at - marker.size()) + bytes.substr(end + 1);
    bytes.replace(at, end - at, to_base64(key.sign(std::string(kRecordDomain) + body)));
    auto s = Store::open(db_dir_for(dir.path()), Store::Mode::write, 5000);
    s->raw_put(store_keys::record(seq), bytes);
  }
  VerifyReport verify() { return verify_log(dir.path(), default_config(), {}); }
};

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const size_t at = s.find(from);
  if (at == std::string::npos) throw std::runtime_error("no " + from + " in " + s);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST(CanonicalTamper, ReSignedNonCanonicalRecordsAreNamed) {
  SignedLog log;
  const std::string original = log.stored(kVictim);
  ASSERT_NE(original.find("\"data\":{\"code\":"), std::string::npos) << original;
  // Resigning the untouched bytes changes nothing: the log still verifies.
  log.put_signed(kVictim, original);
  ASSERT_TRUE(log.verify().ok) << log.verify().reason;

  const std::string data = "\"data\":{";
  const std::pair<std::string, std::string> edits[] = {
      {"whitespace", replaced(original, data, "\"data\": {")},
      {"keys out of order", replaced(original, data, data + "\"zz\":1,")},
      {"duplicate key", replaced(original, data, data + "\"code\":\"x\",")},
      {"floating-point", replaced(original, data, data + "\"a\":1.0,")},
      {"floating-point", replaced(original, data, data + "\"a\":1e3,")},
      {"leading zero", replaced(original, data, data + "\"a\":01,")},
      {"-0", replaced(original, data, data + "\"a\":-0,")},
      {"out of range", replaced(original, data, data + "\"a\":99999999999999999999,")},
      {"\\u escape", replaced(original, data, data + "\"a\":\"\\u0041\",")},
      {"escape \\/", replaced(original, data, data + "\"a\":\"\\/\",")},
      {"short escape", replaced(original, data, data + "\"a\":\"\\u000a\",")},
      {"control character", replaced(original, data, data + "\"a\":\"\t\",")},
      {"UTF-8", replaced(original, data, data + "\"a\":\"\xc0\xaf\",")},
      {"UTF-8", replaced(original, data, data + "\"a\":\"\xed\xa0\x80\",")},
      {"nested deeper than", replaced(original, data, data + "\"a\":" + std::string(5000, '[') + std::string(5000, ']') + ",")},
      {"bytes after the value", original + " "},
      {"truncated", original.substr(0, original.size() - 1)},
  };
  for (const auto& [why, bytes] : edits) {
    log.put_signed(kVictim, bytes);
    auto rep = log.verify();
    EXPECT_FALSE(rep.ok) << why;
    EXPECT_EQ(rep.first_bad_seq, kVictim) << why << ": " << rep.reason;
    EXPECT_NE(rep.reason.find("record " + std::to_string(kVictim) + " is damaged: not canonical JSON"), std::string::npos)
        << why << ": " << rep.reason;
    EXPECT_NE(rep.reason.find(why), std::string::npos) << why << ": " << rep.reason;
  }
  log.put_signed(kVictim, original);
  EXPECT_TRUE(log.verify().ok);
}

}  // namespace mai::audit
