#include <gtest/gtest.h>

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

namespace mai::audit {

TEST(RecordEncoding, SplicedSignatureEqualsTheFullEncoding) {
  Record r;
  r.seq = 7;
  r.timestamp_us = 1234567;
  r.type = "submission";
  r.request_id = "r\"1";
  r.data = json{{"seq", 1}, {"sig", "x"}, {"nested", {{"timestamp_us", 5}}}, {"text", ",\"timestamp_us\":"}};
  r.prev_hash = std::string(32, '\x01');
  r.key_id = std::string(64, 'a');
  std::string signed_input;
  std::string bytes = r.sign_and_encode([&](const std::string& m) {
    signed_input = m;
    return std::string(64, '\x02');
  });
  EXPECT_EQ(bytes, r.encode());
  EXPECT_EQ(signed_input, r.signing_input());
  EXPECT_EQ(Record::decode(bytes).data, r.data);
  EXPECT_EQ(Record::signing_input_of(bytes), r.signing_input());
}

}  // namespace mai::audit
