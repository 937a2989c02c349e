#include "assess/windows_commands.hpp"

#include <re2/re2.h>

#include <algorithm>

#include "assess/taint.hpp"

namespace mai::assess {
namespace {

bool has(const RE2& r, const std::string& s) { return RE2::PartialMatch(s, r); }

}  // namespace

std::vector<WindowsEffect> windows_script_effects(std::string_view text) {
  // All patterns see the text lower-cased with backslashes removed.
  // Something that fetches code, and something that runs what was fetched.
  static const RE2 fetch(
      "(downloadstring|downloadfile|downloaddata|invoke-webrequest|\\biwr\\b|invoke-restmethod|\\birm\\b|"
      "start-bitstransfer|net\\.webclient|bitsadmin(\\.exe)?\\s.*/transfer|-urlcache)");
  static const RE2 run(
      "(\\biex\\b|invoke-expression|start-process|\\bsaps\\b|invoke-item|&\\s*[\\$\\(]|\\|\\s*iex|"
      "rundll32|regsvr32|mshta|cmd(\\.exe)?\\s+/[ck]|\\bstart\\s|"
      // a script block made from text, an assembly loaded from bytes (dot-sourcing a
      // variable is left out: `. $PROFILE` before a REST call is ordinary)
      "scriptblock\\]::create|assembly\\]::load)");
  // Programs that run what a URL names in one step.
  static const RE2 remote_script("(mshta(\\.exe)?\\s+[\"']?(https?|vbscript|javascript):|regsvr32(\\.exe)?\\s.*/i:\\s*https?:)");
  static const RE2 defender(
      "(set-mppreference\\s.*-disable\\w*\\s+(\\$true|1)|add-mppreference\\s.*-exclusion|"
      "(sc|sc\\.exe|net|net\\.exe)\\s+(stop|config)\\s+windefend|uninstall-windowsfeature\\s.*defender)");
  static const RE2 firewall(
      "(set-netfirewallprofile\\s.*-enabled\\s+(\\$false|false|0)|netsh(\\.exe)?\\s+advfirewall\\s+set\\s+\\w+\\s+state\\s+off|"
      "netsh(\\.exe)?\\s+firewall\\s+set\\s+opmode\\s+(mode=)?disable)");
  static const RE2 event_logs("(wevtutil(\\.exe)?\\s+(cl|clear-log)\\b|clear-eventlog|remove-eventlog|limit-eventlog\\s.*-maximumsize\\s+0)");
  static const RE2 backups(
      "(vssadmin(\\.exe)?\\s+(delete\\s+shadows|resize\\s+shadowstorage)|shadowcopy\\s+delete|win32_shadowcopy.*delete|"
      "wbadmin(\\.exe)?\\s+delete\\s+(catalog|systemstatebackup|backup)|bcdedit(\\.exe)?\\s.*recoveryenabled\\s+no)");
  // A Run key or Winlogon value written (not queried), a scheduled task or
  // service created, a file put in the Startup folder.
  static const RE2 run_key("(currentversion(run|runonce|runservices|policiesexplorerrun)\\b|winlogon.*\\b(userinit|shell)\\b)");
  static const RE2 key_write("(\\breg(\\.exe)?\\s+(add|import|copy)\\b|set-itemproperty|new-itemproperty|\\bsp\\s|setvalue)");
  // a permanent WMI event subscription (a filter bound to a consumer) runs its command on every event
  static const RE2 task("(schtasks(\\.exe)?\\s.*/create|register-scheduledtask|new-service\\s|\\bsc(\\.exe)?\\s+create\\s|"
                        "__eventfilter|commandlineeventconsumer|activescripteventconsumer)");
  static const RE2 startup("(programs.?startup|shell:startup)");
  static const RE2 file_put("(\\b(copy|move|xcopy|cp|mv|copy-item|move-item|new-item|set-content|out-file|add-content)\\b|>)");

  std::string s(text);
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  s.erase(std::remove(s.begin(), s.end(), '\\'), s.end());

  std::vector<WindowsEffect> out;
  if ((has(fetch, s) && has(run, s)) || has(remote_script, s))
    out.push_back({Eff::exec, "download_cradle", std::string(text.substr(0, 200)), kDownloaded});
  if (has(defender, s)) out.push_back({Eff::security_off, "defender", "Microsoft Defender", 0});
  if (has(firewall, s)) out.push_back({Eff::security_off, "firewall", "Windows firewall", 0});
  if (has(event_logs, s)) out.push_back({Eff::security_off, "event_logs", "Windows event logs", 0});
  if (has(backups, s)) out.push_back({Eff::security_off, "backups", "shadow copies and backups", 0});
  if ((has(run_key, s) && has(key_write, s)) || has(task, s) || (has(startup, s) && has(file_put, s)))
    out.push_back({Eff::file_write, "autostart", "/registry/run", 0});
  return out;
}

}  // namespace mai::assess
