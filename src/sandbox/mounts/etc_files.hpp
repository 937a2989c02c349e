// The minimal /etc the sandbox sees instead of the host's.
#pragma once
#include <map>
#include <string>

namespace mai::sandbox {

// name -> content: passwd, group, hosts, nsswitch.conf, resolv.conf, hostname.
std::map<std::string, std::string> generated_etc_files();

}  // namespace mai::sandbox
