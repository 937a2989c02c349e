#!/bin/sh
# proof_share_mount.sh - attach the NAS "Proofs" share on a prepress
# workstation so approved proofs land where the RIP hot folders expect them.
#
# usage: proof_share_mount.sh [mount|umount|check]
#
# Reads NAS_HOST, NAS_SHARE, NAS_USER from ~/.config/proofshare/env and the
# password from ~/.config/proofshare/cred (created on first run).

set -eu

CONF_DIR="$HOME/.config/proofshare"
ENV_FILE="$CONF_DIR/env"
CRED_FILE="$CONF_DIR/cred"
MOUNT_POINT="${PROOF_MOUNT:-/mnt/proofs}"

[ -f "$ENV_FILE" ] && . "$ENV_FILE"
NAS_HOST="${NAS_HOST:-nas01.shop.lan}"
NAS_SHARE="${NAS_SHARE:-Proofs}"
NAS_USER="${NAS_USER:-prepress}"

msg() { printf 'proof-share: %s\n' "$*"; }

ensure_cred() {
  mkdir -p "$CONF_DIR"
  if [ ! -s "$CRED_FILE" ]; then
    printf 'NAS password for %s: ' "$NAS_USER"
    stty -echo 2>/dev/null || true
    read -r pw
    stty echo 2>/dev/null || true
    echo
    umask 077
    printf 'username=%s\npassword=%s\n' "$NAS_USER" "$pw" > "$CRED_FILE"
    chmod 600 "$CRED_FILE"
    msg "saved credentials to $CRED_FILE"
  fi
}

is_mounted() {
  grep -qs " $MOUNT_POINT " /proc/mounts
}

reachable() {
  ping -c 1 -W 2 "$NAS_HOST" >/dev/null 2>&1
}

do_mount() {
  if is_mounted; then
    msg "already mounted at $MOUNT_POINT"
    return 0
  fi
  reachable || { msg "$NAS_HOST does not answer"; return 1; }
  ensure_cred
  sudo mkdir -p "$MOUNT_POINT"
  sudo mount -t cifs "//$NAS_HOST/$NAS_SHARE" "$MOUNT_POINT" \
    -o "credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),file_mode=0664,dir_mode=0775,vers=3.0"
  msg "mounted //$NAS_HOST/$NAS_SHARE at $MOUNT_POINT"
}

do_umount() {
  if ! is_mounted; then
    msg "not mounted"
    return 0
  fi
  sudo umount "$MOUNT_POINT" || sudo umount -l "$MOUNT_POINT"
  msg "unmounted $MOUNT_POINT"
}

check() {
  if is_mounted; then
    df -h "$MOUNT_POINT" | tail -n 1
    ls "$MOUNT_POINT" | head -n 10
  else
    msg "not mounted"
    return 1
  fi
}

case "${1:-mount}" in
  mount)  do_mount ;;
  umount|unmount) do_umount ;;
  check)  check ;;
  *) echo "usage: $0 [mount|umount|check]" >&2; exit 2 ;;
esac
