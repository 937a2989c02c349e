#include <gtest/gtest.h>

#include "audit/canonical_decoder.hpp"
#include "audit/canonical_json.hpp"
#include "audit/error.hpp"

namespace mai::audit {

TEST(CanonicalJson, Vectors) {
  // Keys sorted by UTF-8 bytes, no whitespace, integers as they are.
  EXPECT_EQ(canonical_json(json::parse(R"({"b": 1, "a": [true, false, null], "c": {"z": -5, "y": ""}})")),
            R"({"a":[true,false,null],"b":1,"c":{"y":"","z":-5}})");
  EXPECT_EQ(canonical_json(json::parse(R"({"é": 1, "z": 2, "Z": 3, "a": 4})")), "{\"Z\":3,\"a\":4,\"z\":2,\"\xc3\xa9\":1}");
  // Byte order, not code-point-insensitive tricks: U+FFFF sorts before U+1F600.
  EXPECT_EQ(canonical_json(json{{"\xf0\x9f\x98\x80", 2}, {"\xef\xbf\xbf", 1}}),
            "{\"\xef\xbf\xbf\":1,\"\xf0\x9f\x98\x80\":2}");
  EXPECT_EQ(canonical_json(json(18446744073709551615ull)), "18446744073709551615");
  EXPECT_EQ(canonical_json(json(INT64_MIN)), "-9223372036854775808");
  EXPECT_EQ(canonical_json(json::object()), "{}");
  EXPECT_EQ(canonical_json(json::array()), "[]");
}

TEST(CanonicalJson, StringEscapes) {
  std::string s = "q\" b\\ \b\f\n\r\t \x01\x1f\x7f / \xc3\xa9";
  EXPECT_EQ(canonical_json(json(s)), "\"q\\\" b\\\\ \\b\\f\\n\\r\\t \\u0001\\u001f\x7f / \xc3\xa9\"");
}

TEST(CanonicalJson, RefusesFloatsAndBadUtf8) {
  EXPECT_THROW(canonical_json(json(0.5)), AuditError);
  EXPECT_THROW(canonical_json(json{{"a", 1.0}}), AuditError);
  EXPECT_THROW(canonical_json(json(std::string("\xc3"))), AuditError);        // truncated
  EXPECT_THROW(canonical_json(json(std::string("\xc0\xaf"))), AuditError);    // overlong
  EXPECT_THROW(canonical_json(json(std::string("\xed\xa0\x80"))), AuditError);  // surrogate
  EXPECT_THROW(canonical_json(json(std::string("\xf4\x90\x80\x80"))), AuditError);  // > U+10FFFF
}

TEST(CanonicalJson, NormalizeTurnsFloatsIntoStrings) {
  json in = json::parse(R"({"cpus": 0.5, "whole": 1.0, "n": 3, "list": [2.25]})");
  json out = normalize_numbers(in);
  EXPECT_EQ(canonical_json(out), R"({"cpus":"0.5","list":["2.25"],"n":3,"whole":"1.0"})");
}

TEST(CanonicalJson, ParseAcceptsOnlyCanonicalText) {
  EXPECT_EQ(parse_canonical(R"({"a":1,"b":[2]})")["b"][0], 2);
  EXPECT_THROW(parse_canonical(R"({"b":1,"a":2})"), AuditError);   // unsorted
  EXPECT_THROW(parse_canonical(R"({"a": 1})"), AuditError);        // whitespace
  EXPECT_THROW(parse_canonical(R"({"a":1.5})"), AuditError);       // float
  EXPECT_THROW(parse_canonical(R"({"a":"\u0041"})"), AuditError);  // needless escape
  EXPECT_THROW(parse_canonical(R"({"a":1,"a":2})"), AuditError);   // duplicate key
  EXPECT_THROW(parse_canonical(R"({"a":-0})"), AuditError);
  EXPECT_THROW(parse_canonical("{\"a\":1"), AuditError);
}

}  // namespace mai::audit

#include "audit/record.hpp"
#include "audit/error.hpp"
#include "common/encoding.hpp"

namespace mai::audit {

TEST(RecordEncoding, HandWrittenBodyAndSplicedSignatureEqualTheFullEncoding) {
  Record r;
  r.seq = 7;
  r.timestamp_us = 1234567;
  r.type = "submission\u0001\"";
  r.request_id = "r\"1\\\xc3\xa9";
  r.data = json{{"seq", 1}, {"sig", "x"}, {"nested", {{"timestamp_us", 5}}}, {"text", ",\"timestamp_us\":"}};
  r.prev_hash = std::string(32, '\x01');
  r.key_id = std::string(64, 'a');
  r.tree_heads = 12;
  r.tree_head_hash = std::string(32, '\x03');
  r.sig = std::string(64, '\x02');
  const std::string body = canonical_json(r.body());
  EXPECT_EQ(r.canonical_body(), body);
  EXPECT_EQ(r.canonical_body_with(canonical_json(r.data)), body);
  json full = r.body();
  full["sig"] = to_base64(r.sig);
  const std::string bytes = Record::with_sig(body, r.sig);
  EXPECT_EQ(bytes, canonical_json(full));
  EXPECT_EQ(bytes, r.encode());
  EXPECT_EQ(Record::decode(bytes).data, r.data);
  EXPECT_EQ(Record::body_of(bytes), body);
  EXPECT_EQ(Record::signing_input_of(bytes), r.signing_input());
  EXPECT_EQ(r.signing_input(), std::string(kRecordDomain) + body);
}

TEST(CanonicalJson, InvalidUtf8IsRefusedNamingWhere) {
  json j{{"data", {{"stdout", std::string("ok \xff")}}}};
  try {
    canonical_json(j);
    FAIL() << "invalid UTF-8 was encoded";
  } catch (const AuditError& e) {
    EXPECT_NE(std::string(e.what()).find(".data.stdout"), std::string::npos) << e.what();
  }
  EXPECT_THROW(canonical_json(json{{std::string("k\xc0\x80"), 1}}), AuditError);  // overlong, in a key
  EXPECT_THROW(canonical_json(json::array({std::string("\xed\xa0\x80")})), AuditError);  // surrogate
  EXPECT_THROW(parse_canonical("\"\xff\""), AuditError);
}

TEST(CanonicalJson, FloatsAsStrings) {
  json j{{"cpus", 0.5}, {"one", 1.0}, {"n", 3}};
  EXPECT_THROW(canonical_json(j), AuditError);
  EXPECT_EQ(canonical_json(j, Floats::as_strings), "{\"cpus\":\"0.5\",\"n\":3,\"one\":\"1.0\"}");
  EXPECT_EQ(canonical_json(j, Floats::as_strings), canonical_json(normalize_numbers(j)));
}

}  // namespace mai::audit
