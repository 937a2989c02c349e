#include "common/utf8.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "common/encoding.hpp"

namespace mai {
namespace {

TEST(Utf8, ValidTextPassesUnchanged) {
  for (const std::string& s : std::vector<std::string>{"", "plain ascii",
                                                       "gr\xC3\xBC\xC3\x9F"
                                                       "e",
                                                       "\xE2\x82\xAC", "\xF0\x9F\x98\x80",
                                                       std::string("nul\0inside", 10)}) {
    EXPECT_TRUE(is_valid_utf8(s)) << s;
    EXPECT_EQ(to_valid_utf8(s), s);
  }
}

TEST(Utf8, RejectsWhatRfc3629Forbids) {
  for (const std::string& s : std::vector<std::string>{
           "\xFF", "\xC0\xAF" /* overlong '/' */, "\xE0\x80\xAF", "\xED\xA0\x80" /* surrogate */,
           "\xF4\x90\x80\x80" /* > U+10FFFF */, "\xC3" /* truncated */, "\x80"}) {
    EXPECT_FALSE(is_valid_utf8(s)) << to_hex(s);
  }
}

// The replacement follows the Unicode "maximal subpart" practice, which is
// also what Python's bytes.decode("utf-8", "replace") does; these expected
// strings are Python's output.
TEST(Utf8, ReplacesMaximalSubparts) {
  const std::string R = "\xEF\xBF\xBD";
  EXPECT_EQ(to_valid_utf8("print(\"\xFF\")"), "print(\"" + R + "\")");
  EXPECT_EQ(to_valid_utf8("\xE2\x82\x41"), R + "A");    // one U+FFFD for E2 82
  EXPECT_EQ(to_valid_utf8("\xF0\x9F\x98"), R);          // truncated 4-byte sequence
  EXPECT_EQ(to_valid_utf8("\xC0\xAF"), R + R);          // C0 never starts a sequence
  EXPECT_EQ(to_valid_utf8("\xED\xA0\x80"), R + R + R);  // a surrogate is three subparts
  EXPECT_EQ(to_valid_utf8("a\xFE\xFF"
                          "b"),
            "a" + R + R + "b");
}

TEST(Utf8, RandomBytesAlwaysBecomeValidText) {
  std::mt19937 rng(7);
  for (int round = 0; round < 2000; ++round) {
    std::string s(rng() % 64, '\0');
    for (auto& c : s) c = static_cast<char>(rng());
    std::string out = to_valid_utf8(s);
    EXPECT_TRUE(is_valid_utf8(out));
    if (is_valid_utf8(s)) {
      EXPECT_EQ(out, s);
    }
  }
}

TEST(Utf8, PutBytesIsLosslessAndValid) {
  json obj = json::object();
  put_bytes(obj, "stdout", "ok\n");
  EXPECT_EQ(obj, (json{{"stdout", "ok\n"}}));
  const std::string raw = std::string("\xFF\xFE", 2) + "text" + std::string("\0\x80", 2);
  put_bytes(obj, "stderr", raw);
  EXPECT_TRUE(obj.contains("stderr_base64"));
  EXPECT_EQ(bytes_field(obj, "stderr"), raw);
  EXPECT_EQ(bytes_field(obj, "stdout"), "ok\n");
  EXPECT_EQ(bytes_field(obj, "missing"), std::nullopt);
  // The dump is valid UTF-8 and parses back to the same object.
  std::string text = dump_json(obj);
  EXPECT_TRUE(is_valid_utf8(text));
  EXPECT_EQ(json::parse(text), obj);
}

TEST(Utf8, DumpNeverThrowsOnInvalidStrings) {
  json j = {{"k", std::string("\xFF")}};
  EXPECT_THROW((void)j.dump(), json::type_error);  // what the safety net is for
  EXPECT_TRUE(is_valid_utf8(dump_json(j)));
}

// A path the sandboxed code chose goes into one line of the CLI's own
// stderr: it must not reach the terminal as control sequences or new lines.
TEST(Utf8, ForTerminalEscapesEveryControl) {
  EXPECT_EQ(for_terminal("/usr/lib/plain \xC3\xBC"), "/usr/lib/plain \xC3\xBC");
  EXPECT_EQ(for_terminal("/usr/\x1b[31mred\x1b]0;title\x07"), "/usr/\\x1b[31mred\\x1b]0;title\\x07");
  EXPECT_EQ(for_terminal("a\nmai-sandbox: fake\r"), "a\\x0amai-sandbox: fake\\x0d");
  EXPECT_EQ(for_terminal(std::string("nul\0del\x7f", 8)), "nul\\x00del\\x7f");
  EXPECT_EQ(for_terminal("\xC2\x9B" "2J \xC2\xA0"), "\\x9b2J \xC2\xA0");  // C1 CSI escaped, NBSP kept
  EXPECT_EQ(for_terminal("back\\slash"), "back\\\\slash");
  EXPECT_EQ(for_terminal("\xFF"), "\xEF\xBF\xBD");
  std::mt19937 rng(7);
  for (int i = 0; i < 2000; ++i) {
    std::string s(static_cast<size_t>(rng() % 24), '\0');
    for (auto& c : s) c = static_cast<char>(rng());
    std::string t = for_terminal(s);
    EXPECT_TRUE(is_valid_utf8(t));
    for (unsigned char c : t) EXPECT_TRUE(c >= 0x20 && c != 0x7f) << to_hex(t);
    EXPECT_EQ(t.find("\xC2\x80"), std::string::npos);
  }
}

}  // namespace
}  // namespace mai
