// The class the seventieth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog74_MANIFEST.tsv): industrial IoT, education technology,
// mail infrastructure, photography, public records. Its aside scored 28/30
// before any change for it; the class below came from its tune part (66/70
// before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// curl -T FILE ftp://...: the login and the files cross the network in clear,
// as ftplib's do; --ssl-reqd asks for TLS first.
TEST(SeventiethRoundClasses, CurlToAnFtpUrlIsClearText) {
  const Case cases[] = {
      {"a proof uploaded over plain ftp://", M,
       "#!/bin/sh\n"
       "curl -sS -T proof.jpg \"ftp://files.example.com/in/\"\n",
       "CLEARTEXT-PROTOCOL", Language::shell},
      {"the same upload with --ssl-reqd", L,
       "#!/bin/sh\n"
       "curl -sS --ssl-reqd -T proof.jpg \"ftp://files.example.com/in/\"\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
