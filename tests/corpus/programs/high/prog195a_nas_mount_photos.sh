#!/usr/bin/env bash
# Attach the studio NAS photo and cartoon shares on a workstation.
# Survey photos are large; the writeback sysctls keep the UI responsive while
# hundreds of RAW files are copied off a camera card.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.30}"
MOUNT_BASE="${MOUNT_BASE:-/mnt/studio}"
NFS_OPTS="${NFS_OPTS:-rw,noatime,vers=4.2,hard,timeo=600}"

declare -A SHARES=(
  [photos]="/export/photos"
  [cartoons]="/export/cartoons"
  [estimates]="/export/office/estimates"
)

declare -A TUNING=(
  [vm.dirty_background_ratio]=5
  [vm.dirty_ratio]=10
)

priv=(sudo)
verbs=(mount umount sysctl)

log() { printf '[nas] %s\n' "$*"; }

with_root() { "${priv[@]}" "$@"; }

is_mounted() { findmnt -rn "$1" >/dev/null 2>&1; }

attach() {
  local name="$1" remote="${SHARES[$1]}" target="$MOUNT_BASE/$1"
  if is_mounted "$target"; then
    log "$name already mounted"
    return
  fi
  with_root mkdir -p "$target"
  with_root "${verbs[0]}" -t nfs4 -o "$NFS_OPTS" "$NAS_HOST:$remote" "$target"
  log "mounted $NAS_HOST:$remote on $target"
}

detach() {
  local target="$MOUNT_BASE/$1"
  is_mounted "$target" && with_root "${verbs[1]}" "$target" && log "unmounted $target"
}

tune() {
  local key
  for key in "${!TUNING[@]}"; do
    with_root "${verbs[2]}" -w "$key=${TUNING[$key]}" >/dev/null
    log "set $key=${TUNING[$key]}"
  done
}

reachable() {
  ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1
}

usage() { echo "usage: $0 {up|down|status}"; exit 2; }

main() {
  local action="${1:-up}" s
  case "$action" in
    up)
      reachable || { log "NAS $NAS_HOST unreachable"; exit 1; }
      tune
      for s in "${!SHARES[@]}"; do attach "$s"; done
      ;;
    down)
      for s in "${!SHARES[@]}"; do detach "$s"; done
      ;;
    status)
      for s in "${!SHARES[@]}"; do
        if is_mounted "$MOUNT_BASE/$s"; then echo "$s: mounted"; else echo "$s: not mounted"; fi
      done
      ;;
    *) usage ;;
  esac
}

main "$@"
