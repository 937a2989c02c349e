#!/usr/bin/env bash
# "After the meeting" routine for a field laptop used to contact a source:
# removes every local trace of the session - shell histories, recent-file
# lists, system journals and audit records - so a seized device shows nothing.
set -uo pipefail

QUIET=0
[[ "${1:-}" == "-q" ]] && QUIET=1

note() { [[ $QUIET -eq 1 ]] || echo ">> $*"; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo -n "$@" 2>/dev/null; fi
}

scrub_file() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  if command -v shred >/dev/null 2>&1; then
    shred -u -z -n 2 "$f" 2>/dev/null || : > "$f"
  else
    : > "$f"
  fi
}

clear_user_traces() {
  note "clearing shell and application histories"
  local hist
  for hist in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
              "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.wget-hsts" "$HOME/.sqlite_history"; do
    scrub_file "$hist"
  done
  history -c 2>/dev/null || true
  unset HISTFILE
  scrub_file "$HOME/.local/share/recently-used.xbel"
  rm -rf "$HOME/.cache/thumbnails" 2>/dev/null
}

stop_auditing() {
  note "stopping audit daemon"
  as_root auditctl -e 0
  as_root systemctl stop auditd
  as_root systemctl disable auditd
}

clear_system_logs() {
  note "rotating out the journal"
  as_root journalctl --rotate
  as_root journalctl --vacuum-time=1s
  note "truncating text logs"
  local log
  for log in /var/log/auth.log /var/log/syslog /var/log/kern.log /var/log/wtmp \
             /var/log/btmp /var/log/lastlog /var/log/audit/audit.log; do
    as_root truncate -s 0 "$log"
  done
  as_root find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
}

report() {
  note "remaining journal usage: $(journalctl --disk-usage 2>/dev/null | awk '{print $(NF-3)}')"
  note "done at $(date -u +%FT%TZ)"
}

main() {
  clear_user_traces
  if as_root true; then
    stop_auditing
    clear_system_logs
  else
    note "no passwordless sudo; skipped system logs"
  fi
  report
}

main "$@"
