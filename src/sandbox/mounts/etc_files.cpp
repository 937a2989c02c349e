#include "sandbox/mounts/etc_files.hpp"

namespace mai::sandbox {

std::map<std::string, std::string> generated_etc_files() {
  return {
      {"passwd",
       "root:x:0:0:root:/root:/usr/sbin/nologin\n"
       "sandbox:x:1000:1000:sandbox:/sandbox:/bin/sh\n"
       "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"},
      {"group", "root:x:0:\nsandbox:x:1000:\nnogroup:x:65534:\n"},
      {"hosts", "127.0.0.1\tlocalhost sandbox\n::1\tlocalhost ip6-localhost ip6-loopback\n"},
      {"nsswitch.conf", "passwd: files\ngroup: files\nshadow: files\nhosts: files dns\n"},
      {"resolv.conf", ""},
      {"hostname", "sandbox\n"},
  };
}

}  // namespace mai::sandbox
