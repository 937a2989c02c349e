// The one-pass canonical decoder: accepts exactly what canonical_json()
// writes, refuses every other form of the same value naming what is wrong,
// and bounds nesting for the encoder and the decoder alike.
#include <gtest/gtest.h>

#include "audit/canonical_decoder.hpp"
#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "audit/record.hpp"

namespace mai::audit {

namespace {

// The reason parse_canonical gives for `text`, "" if it accepts it.
std::string refusal(std::string_view text) {
  try {
    parse_canonical(text);
    return "";
  } catch (const AuditError& e) {
    return e.what();
  }
}

std::string nested(int depth) { return std::string(static_cast<size_t>(depth), '[') + std::string(static_cast<size_t>(depth), ']'); }

}  // namespace

TEST(CanonicalDecoder, AcceptsWhatTheEncoderWritesAndGivesTheSameValue) {
  const json values[] = {
      json::object(), json::array(), json(nullptr), json(true), json(false), json(0), json(-1),
      json(INT64_MIN), json(UINT64_MAX), json(""),
      json("q\" b\\ \b\f\n\r\t \x01\x1f\x7f / \xc3\xa9 \xf0\x9f\x98\x80"),
      json(std::string("nul \0 inside", 12)),
      json{{"b", 1}, {"a", json::array({true, nullptr, "x", json::object()})}, {"", -5}, {"\xc3\xa9", {{"z", 1}}}},
  };
  for (const auto& v : values) {
    const std::string text = canonical_json(v);
    EXPECT_EQ(refusal(text), "") << text;
    EXPECT_EQ(parse_canonical(text), v) << text;
  }
}

TEST(CanonicalDecoder, RefusesEveryOtherFormNamingIt) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"a": 1})", "whitespace"},
      {R"( {"a":1})", "whitespace"},
      {"{\"a\":1}\n", "bytes after the value"},
      {R"({"b":1,"a":2})", "keys out of order"},
      {R"({"a":1,"a":2})", "duplicate key"},
      {R"({"a":1.0})", "floating-point"},
      {R"({"a":1e2})", "floating-point"},
      {R"({"a":01})", "leading zero"},
      {R"({"a":-0})", "-0"},
      {R"({"a":+1})", "a value expected"},
      {R"({"a":18446744073709551616})", "out of range"},
      {R"({"a":-9223372036854775809})", "out of range"},
      {R"({"a":"\u0041"})", "\\u escape"},
      {R"({"a":"\u000A"})", "\\u escape"},  // uppercase hex
      {R"({"a":"\u000a"})", "short escape"},
      {R"({"a":"\/"})", "escape \\/"},
      {R"({"a":"\ud83d\ude00"})", "\\u escape"},
      {"{\"a\":\"tab\there\"}", "control character"},
      {"{\"a\":\"\xff\"}", "UTF-8"},
      {"{\"a\":\"\xc0\xaf\"}", "UTF-8"},          // overlong
      {"{\"a\":\"\xed\xa0\x80\"}", "UTF-8"},      // surrogate
      {"{\"\xc3\":1}", "UTF-8"},                   // in a key
      {R"({"a":tru})", "a value expected"},
      {R"({"a":[1,]})", "a value expected"},
      {R"({"a":1,})", "a key"},
      {R"({"a")", "truncated"},
      {R"({"a":"abc)", "truncated"},
      {R"({"a":[1)", "truncated"},
      {"", "truncated"},
  };
  for (const auto& [text, why] : cases) {
    const std::string r = refusal(text);
    EXPECT_NE(r.find("not canonical JSON"), std::string::npos) << text << ": " << r;
    EXPECT_NE(r.find(why), std::string::npos) << text << ": " << r;
  }
}

TEST(CanonicalDecoder, IntegerBoundsAreTheEncoders) {
  EXPECT_EQ(parse_canonical("18446744073709551615").get<uint64_t>(), UINT64_MAX);
  EXPECT_EQ(parse_canonical("-9223372036854775808").get<int64_t>(), INT64_MIN);
  EXPECT_TRUE(parse_canonical("5").is_number_unsigned());
  EXPECT_TRUE(parse_canonical("-5").is_number_integer());
}

TEST(CanonicalDecoder, NestingIsBoundedTheSameWayForTheEncoderAndTheDecoder) {
  EXPECT_EQ(refusal(nested(kMaxJsonDepth)), "");
  EXPECT_NE(refusal(nested(kMaxJsonDepth + 1)).find("nested deeper than"), std::string::npos);
  // Far deeper than any stack would take if it recursed without bound.
  EXPECT_NE(refusal(std::string(10'000'000, '[')).find("nested deeper than"), std::string::npos);
  EXPECT_NE(refusal(std::string(5'000'000, '[') + "{").find("nested deeper than"), std::string::npos);
  json deep = json::array();
  for (int i = 1; i < kMaxJsonDepth; ++i) deep = json::array({deep});
  EXPECT_EQ(canonical_json(deep), nested(kMaxJsonDepth));
  EXPECT_THROW(canonical_json(json::array({deep})), AuditError);
  EXPECT_THROW(canonical_json(json{{"data", deep}}), AuditError);
}

TEST(CanonicalDecoder, RecordDecodeKeepsOnlyTheMembersAskedForAndChecksTheRest) {
  Record r;
  r.seq = 3;
  r.timestamp_us = -7;
  r.type = "execution.end";
  r.request_id = "req";
  r.data = json{{"origin", {{"node", "w1"}, {"spool_seq", 4}}}, {"stdout", "x"}, {"z", json::array({1, 2})}};
  r.prev_hash = std::string(32, '\x01');
  r.key_id = std::string(64, 'a');
  r.tree_head_hash = std::string(32, '\x02');
  r.sig = std::string(64, '\x03');
  const std::string bytes = r.encode();
  EXPECT_EQ(Record::decode(bytes).data, r.data);
  Record kept = Record::decode(bytes, [](std::string_view m) { return m == "origin"; });
  EXPECT_EQ(kept.data, (json{{"origin", r.data["origin"]}}));
  EXPECT_EQ(kept.seq, 3u);
  EXPECT_EQ(kept.timestamp_us, -7);
  EXPECT_EQ(kept.sig, r.sig);
  // A member left out is still read: a non-canonical one is refused.
  std::string bad = bytes;
  bad.replace(bad.find("[1,2]"), 5, "[1, 2]");
  EXPECT_THROW(Record::decode(bad, [](std::string_view m) { return m == "origin"; }), AuditError);
}

TEST(CanonicalDecoder, RecordFieldsOfTheWrongKindAreNamed) {
  Record r;
  r.type = "t";
  r.prev_hash = std::string(32, '\x01');
  r.key_id = std::string(64, 'a');
  r.sig = std::string(64, '\x03');
  const std::string bytes = r.encode();
  auto reason = [&](const std::string& from, const std::string& to) {
    std::string b = bytes;
    b.replace(b.find(from), from.size(), to);
    try {
      Record::decode(b);
      return std::string();
    } catch (const AuditError& e) {
      return std::string(e.what());
    }
  };
  EXPECT_NE(reason("\"seq\":0", "\"seq\":-1").find("field \"seq\""), std::string::npos);
  EXPECT_NE(reason("\"seq\":0", "\"seq\":\"0\"").find("field \"seq\""), std::string::npos);
  EXPECT_NE(reason("\"type\":\"t\"", "\"type\":1").find("field \"type\""), std::string::npos);
  EXPECT_NE(reason("\"data\":{}", "\"data\":[]").find("field \"data\""), std::string::npos);
  EXPECT_NE(reason("\"v\":2", "\"v\":3").find("unknown format version"), std::string::npos);
  EXPECT_NE(reason("\"v\":2", "\"w\":2").find("unexpected field \"w\""), std::string::npos);
  EXPECT_NE(reason(",\"v\":2", "").find("missing field \"v\""), std::string::npos);
  EXPECT_NE(reason("\"type\":\"t\"", "\"type\":\"\"").find("empty \"type\""), std::string::npos);
}

}  // namespace mai::audit
