#!/bin/sh
# photo_nas_mount.sh - attach the shop NAS photo share on an install-bay PC
#
# Job photos (before / during / after, plus the VIN plate and odometer shots
# the film makers want for warranty claims) live on the Synology in the
# office. Bay PCs mount the share at ./nas-photos so the tablet sync tool
# can drop files straight into the job folders.
#
# usage: ./photo_nas_mount.sh [mount|umount|status]
#
# Settings come from ./nas.conf:
#   NAS_HOST=192.168.1.20
#   NAS_SHARE=jobphotos
#   NAS_USER=baypc

set -eu

ACTION="${1:-mount}"
CONF="./nas.conf"
CRED="$HOME/.nas-photos.cred"
MOUNTPOINT="$(pwd)/nas-photos"

msg() { printf '[nas] %s\n' "$*"; }

[ -f "$CONF" ] || { msg "missing $CONF"; exit 1; }
# shellcheck disable=SC1090
. "$CONF"
: "${NAS_HOST:?NAS_HOST not set in $CONF}"
: "${NAS_SHARE:?NAS_SHARE not set in $CONF}"
: "${NAS_USER:?NAS_USER not set in $CONF}"

is_mounted() {
  grep -qs " $MOUNTPOINT cifs " /proc/mounts
}

ensure_credentials() {
  if [ ! -f "$CRED" ]; then
    printf 'NAS password for %s@%s: ' "$NAS_USER" "$NAS_HOST"
    stty -echo; read -r pw; stty echo; echo
    umask 077
    printf 'username=%s\npassword=%s\n' "$NAS_USER" "$pw" > "$CRED"
    unset pw
  fi
  chmod 600 "$CRED"
}

do_mount() {
  if is_mounted; then
    msg "already mounted at $MOUNTPOINT"
    return 0
  fi
  command -v mount.cifs >/dev/null 2>&1 || { msg "install cifs-utils first"; exit 1; }
  ensure_credentials
  mkdir -p "$MOUNTPOINT"
  n=0
  until sudo mount -t cifs "//$NAS_HOST/$NAS_SHARE" "$MOUNTPOINT" \
        -o "credentials=$CRED,uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0664,dir_mode=0775"; do
    n=$((n + 1))
    if [ "$n" -ge 3 ]; then
      msg "mount failed after $n attempts (NAS asleep? wrong password? rm $CRED to re-enter)"
      exit 1
    fi
    msg "retrying in 5s"
    sleep 5
  done
  msg "mounted //$NAS_HOST/$NAS_SHARE at $MOUNTPOINT"
}

do_umount() {
  if is_mounted; then
    sudo umount "$MOUNTPOINT" && msg "unmounted"
  else
    msg "not mounted"
  fi
}

case "$ACTION" in
  mount) do_mount ;;
  umount|unmount) do_umount ;;
  status)
    if is_mounted; then
      msg "mounted"; df -h "$MOUNTPOINT" | tail -1
    else
      msg "not mounted"
    fi ;;
  *) msg "usage: $0 [mount|umount|status]"; exit 2 ;;
esac
