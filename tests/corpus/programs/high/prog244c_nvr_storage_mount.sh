#!/usr/bin/env bash
# Attach / detach the NVR footage share on the front-desk review PC.
# Staff use this before reviewing an incident clip (e.g. a fall on the
# dodgeball court) and detach it again afterwards.
set -euo pipefail

PROG="${0##*/}"
NAS_HOST="${NAS_HOST:-192.0.2.40}"
NAS_EXPORT="${NAS_EXPORT:-/volume1/footage}"
MOUNT_BASE="${MOUNT_BASE:-/mnt}"
MOUNT_NAME="${MOUNT_NAME:-nvr-footage}"
FS_TYPE="${FS_TYPE:-nfs}"
MIN_FREE_GB="${MIN_FREE_GB:-50}"
LOG="${LOG:-./nvr-mount.log}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }
fail() { log "ERROR: $*"; exit 1; }

usage() {
  cat <<EOF
usage: $PROG attach|detach|status
env: NAS_HOST NAS_EXPORT MOUNT_BASE MOUNT_NAME FS_TYPE MIN_FREE_GB
EOF
}

declare -A MOPTS=(
  [nfs]="ro,soft,timeo=50,retrans=2,vers=4.1"
  [cifs]="ro,guest,vers=3.0,uid=$(id -u),gid=$(id -g)"
)

target() { echo "$MOUNT_BASE/$MOUNT_NAME"; }

source_spec() {
  case "$FS_TYPE" in
    nfs) echo "${NAS_HOST}:${NAS_EXPORT}" ;;
    cifs) echo "//${NAS_HOST}${NAS_EXPORT}" ;;
    *) fail "unsupported fs type $FS_TYPE" ;;
  esac
}

elevate() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  else
    sudo "$@"
  fi
}

is_mounted() { mountpoint -q "$(target)"; }

reachable() {
  ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1
}

attach() {
  is_mounted && { log "already attached at $(target)"; return 0; }
  reachable || fail "NAS $NAS_HOST not reachable"
  elevate mkdir -p "$(target)"
  local tries=0
  until elevate mount -t "$FS_TYPE" -o "${MOPTS[$FS_TYPE]}" "$(source_spec)" "$(target)"; do
    tries=$((tries + 1))
    [ "$tries" -ge 3 ] && fail "mount failed after $tries attempts"
    log "mount attempt $tries failed, retrying"
    sleep 3
  done
  log "attached $(source_spec) at $(target)"
  check_space
}

detach() {
  is_mounted || { log "not attached"; return 0; }
  elevate umount "$(target)" || elevate umount -l "$(target)"
  log "detached $(target)"
}

check_space() {
  local avail_kb avail_gb
  avail_kb=$(df -Pk "$(target)" | awk 'NR==2 {print $4}')
  avail_gb=$((avail_kb / 1024 / 1024))
  if [ "$avail_gb" -lt "$MIN_FREE_GB" ]; then
    log "WARNING: only ${avail_gb}GB free on NVR share"
  else
    log "NVR share has ${avail_gb}GB free"
  fi
}

status() {
  if is_mounted; then
    log "attached: $(findmnt -no SOURCE "$(target)")"
    check_space
  else
    log "detached"
  fi
}

case "${1:-}" in
  attach) attach ;;
  detach) detach ;;
  status) status ;;
  -h|--help|"") usage ;;
  *) usage; exit 2 ;;
esac
