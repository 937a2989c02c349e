// What Windows command lines do (cmd, PowerShell, reg, schtasks, vssadmin,
// wevtutil, netsh, certutil ...), for Python code that drives them through
// os.system or subprocess. Their text is scanned, not parsed: PowerShell and
// cmd are not modelled word by word, but the few things the rubric blocks
// have fixed spellings (a download cradle, a Run key, deleting shadow copies).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "assess/effects.hpp"

namespace mai::assess {

struct WindowsEffect {
  Eff kind;
  std::string tag;     // cradle, defender, firewall, event_logs, backups, autostart
  std::string target;  // for autostart, the persistence location
  uint32_t taint;      // downloaded, for code fetched and run
};

// Effects of one Windows command line or PowerShell script. Backslashes may
// have been lost on the way (a line parsed as a POSIX shell line), so the
// spellings are matched with and without them.
std::vector<WindowsEffect> windows_script_effects(std::string_view text);

}  // namespace mai::assess
