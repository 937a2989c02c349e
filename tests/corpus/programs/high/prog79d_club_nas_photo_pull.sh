#!/usr/bin/env bash
# club_nas_photo_pull.sh - pull the weekend's match photos off the club NAS
# into ./photos/<date>, ready for the gallery tools. The NAS only speaks SMB,
# so the share is attached for the duration of the copy and detached again.
#
# Credentials: ~/.config/clubnas/credentials (username=, password=, domain=)
set -euo pipefail

NAS_SHARE="${NAS_SHARE:-//clubnas.local/MatchPhotos}"
CRED_FILE="${CRED_FILE:-$HOME/.config/clubnas/credentials}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/clubnas_photos}"
DEST_ROOT="./photos"
SINCE_DAYS=3

log() { printf '[nas-pull %s] %s\n' "$(date +%H:%M:%S)" "$*"; }

usage() {
  echo "usage: $0 [-s share] [-d days] [-m mountpoint]"
}

while getopts "s:d:m:h" opt; do
  case "$opt" in
    s) NAS_SHARE="$OPTARG" ;;
    d) SINCE_DAYS="$OPTARG" ;;
    m) MOUNT_POINT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

check_credentials() {
  if [[ ! -f "$CRED_FILE" ]]; then
    mkdir -p "$(dirname "$CRED_FILE")"
    read -rp "NAS username: " u
    read -rsp "NAS password: " p; echo
    printf 'username=%s\npassword=%s\ndomain=WORKGROUP\n' "$u" "$p" > "$CRED_FILE"
  fi
  chmod 600 "$CRED_FILE"
}

attach_share() {
  if mountpoint -q "$MOUNT_POINT"; then
    log "share already attached at $MOUNT_POINT"
    return
  fi
  sudo mkdir -p "$MOUNT_POINT"
  sudo mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" \
    -o "credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),ro,vers=3.0,iocharset=utf8"
  log "attached $NAS_SHARE at $MOUNT_POINT"
}

detach_share() {
  if mountpoint -q "$MOUNT_POINT"; then
    sudo umount "$MOUNT_POINT" || sudo umount -l "$MOUNT_POINT"
    log "detached $MOUNT_POINT"
  fi
}

copy_recent() {
  local dest="$DEST_ROOT/$(date +%Y-%m-%d)"
  mkdir -p "$dest"
  local list
  list="$(mktemp -p . nas_files.XXXXXX)"
  (cd "$MOUNT_POINT" && find . -type f -mtime "-$SINCE_DAYS" \
      \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.cr3' -o -iname '*.nef' \)) > "$list"
  local n
  n=$(wc -l < "$list")
  if [[ "$n" -eq 0 ]]; then
    log "nothing newer than $SINCE_DAYS days"
  else
    rsync -a --files-from="$list" "$MOUNT_POINT"/ "$dest"/
    log "copied $n file(s) to $dest"
  fi
  rm -f "$list"
}

check_credentials
trap detach_share EXIT
attach_share
copy_recent
