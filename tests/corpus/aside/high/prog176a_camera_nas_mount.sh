#!/usr/bin/env bash
# Mount the CCTV recordings share from the office NAS on the manager's PC
# so incident footage (falls, auto-belay faults) can be reviewed.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.30}"
SHARE="${NAS_SHARE:-cctv}"
MOUNT_POINT="${CCTV_MOUNT:-/mnt/cctv}"
MODULE="cifs"
OPTIONS=(ro guest vers=3.0 "uid=$(id -u)" "gid=$(id -g)" file_mode=0640 dir_mode=0750)

priv() { local w; w=$(printf '%s%s' su do); "$w" "$@"; }

join_opts() { local IFS=,; echo "$*"; }

log() { printf '%s [cctv-mount] %s\n' "$(date +%T)" "$*"; }

is_mounted() { findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1; }

load_module() {
  if ! grep -qw "^${MODULE}" /proc/modules; then
    local loader
    loader=$(printf '%s' mod probe)
    priv "$loader" "$MODULE"
    log "loaded ${MODULE} kernel module"
  fi
}

do_mount() {
  if is_mounted; then
    log "${MOUNT_POINT} already mounted"
    return
  fi
  priv mkdir -p "$MOUNT_POINT"
  priv mount -t "$MODULE" "//${NAS_HOST}/${SHARE}" "$MOUNT_POINT" -o "$(join_opts "${OPTIONS[@]}")"
  log "mounted //${NAS_HOST}/${SHARE} on ${MOUNT_POINT}"
}

do_umount() {
  if is_mounted; then
    priv umount "$MOUNT_POINT"
    log "unmounted ${MOUNT_POINT}"
  fi
}

list_recent() {
  local days="${1:-2}"
  find "$MOUNT_POINT" -type f \( -name '*.mp4' -o -name '*.mkv' \) -mtime "-${days}" \
    -printf '%TY-%Tm-%Td %TH:%TM  %10s  %P\n' | sort -r | head -n 50
}

case "${1:-mount}" in
  mount)  load_module; do_mount ;;
  umount) do_umount ;;
  recent) is_mounted || { load_module; do_mount; }; list_recent "${2:-2}" ;;
  *) echo "usage: ${0##*/} [mount|umount|recent [days]]" >&2; exit 64 ;;
esac
