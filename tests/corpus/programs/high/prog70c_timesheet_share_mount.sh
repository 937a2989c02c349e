#!/bin/sh
# timesheet_share_mount.sh - collect the signed paper-timesheet scans that the
# site offices drop on the HR file server and copy them into the local
# processing folder for OCR.
#
# Reads share settings from ./timesheet_share.env:
#   SHARE=//hr-fs01.corp.example.com/timesheets
#   SHARE_USER=svc-timesheets
#   SHARE_PASS=...
#   SHARE_DOMAIN=CORP
#
# Usage: timesheet_share_mount.sh [site ...]

set -eu

ENV_FILE="${TIMESHEET_SHARE_ENV:-./timesheet_share.env}"
MOUNTPOINT="${MOUNTPOINT:-/mnt/hr-timesheets}"
DEST="./incoming_scans"
CRED_FILE="./.smbcredentials"

msg() { echo "timesheet-share: $*" >&2; }

[ -r "$ENV_FILE" ] || { msg "missing $ENV_FILE"; exit 1; }
# shellcheck disable=SC1090
. "$ENV_FILE"
: "${SHARE:?SHARE not set}" "${SHARE_USER:?}" "${SHARE_PASS:?}"

# pick whichever elevation tool this box has
if [ "$(id -u)" -eq 0 ]; then
  ELEVATE=""
elif command -v doas >/dev/null 2>&1; then
  ELEVATE="doas"
else
  ELEVATE="sudo"
fi

write_credentials() {
  umask 077
  {
    echo "username=$SHARE_USER"
    echo "password=$SHARE_PASS"
    echo "domain=${SHARE_DOMAIN:-CORP}"
  } > "$CRED_FILE"
  chmod 600 "$CRED_FILE"
}

mount_share() {
  if mountpoint -q "$MOUNTPOINT"; then
    msg "$MOUNTPOINT already mounted"
    return 0
  fi
  $ELEVATE mkdir -p "$MOUNTPOINT"
  $ELEVATE mount -t cifs "$SHARE" "$MOUNTPOINT" \
    -o "credentials=$(pwd)/$CRED_FILE,ro,vers=3.0,uid=$(id -u),gid=$(id -g),file_mode=0640"
  msg "mounted $SHARE on $MOUNTPOINT"
}

unmount_share() {
  if mountpoint -q "$MOUNTPOINT"; then
    $ELEVATE umount "$MOUNTPOINT" || msg "could not unmount $MOUNTPOINT"
  fi
  rm -f "$CRED_FILE"
}

copy_site() {
  site="$1"
  src="$MOUNTPOINT/$site/signed"
  if [ ! -d "$src" ]; then
    msg "no folder for site $site"
    return 0
  fi
  mkdir -p "$DEST/$site"
  n=0
  for f in "$src"/*.pdf "$src"/*.tif; do
    [ -e "$f" ] || continue
    base="$(basename "$f")"
    [ -e "$DEST/$site/$base" ] && continue
    cp -p "$f" "$DEST/$site/$base"
    n=$((n + 1))
  done
  msg "$site: $n new scan(s)"
}

trap unmount_share EXIT INT TERM

write_credentials
mount_share

if [ $# -eq 0 ]; then
  set -- $(ls "$MOUNTPOINT")
fi
for site in "$@"; do
  copy_site "$site"
done
msg "done; scans are in $DEST"
