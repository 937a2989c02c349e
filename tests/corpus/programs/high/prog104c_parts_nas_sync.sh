#!/bin/sh
# parts_nas_sync.sh - copy the parts for the next concert programme from the
# orchestra's library NAS onto the librarian laptop (for printing at the hall,
# where there is no network).
#
# The programme file lists one work folder per line, as named on the NAS:
#     Brahms/Symphony_2
#     Elgar/Enigma_Variations
#
# usage: parts_nas_sync.sh programme.txt [destination]
#
# NAS credentials live in ~/.config/parts-nas/credentials (username=, password=,
# domain=) and are only read by mount.cifs.
set -eu

NAS_SHARE="${NAS_SHARE:-//library-nas.orchestra.lan/scores}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/orchestra-library}"
CRED_FILE="${XDG_CONFIG_HOME:-$HOME/.config}/parts-nas/credentials"
MOUNTED_HERE=0

log() { printf '%s  %s\n' "$(date '+%H:%M:%S')" "$*"; }
die() { log "error: $*" >&2; exit 1; }

[ $# -ge 1 ] || die "usage: $0 programme.txt [destination]"
PROGRAMME=$1
DEST=${2:-$PWD/concert-parts}
[ -r "$PROGRAMME" ] || die "cannot read $PROGRAMME"
[ -r "$CRED_FILE" ] || die "missing $CRED_FILE"
command -v rsync >/dev/null || die "rsync is not installed"

cleanup() {
  if [ "$MOUNTED_HERE" -eq 1 ]; then
    log "unmounting $MOUNT_POINT"
    sudo umount "$MOUNT_POINT" || log "could not unmount, check 'lsof $MOUNT_POINT'"
  fi
}
trap cleanup EXIT INT TERM

mount_share() {
  if mountpoint -q "$MOUNT_POINT"; then
    log "$MOUNT_POINT already mounted"
    return 0
  fi
  [ -d "$MOUNT_POINT" ] || sudo mkdir -p "$MOUNT_POINT"
  opts="credentials=$CRED_FILE,ro,uid=$(id -u),gid=$(id -g),vers=3.0,iocharset=utf8"
  tries=0
  until sudo mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" -o "$opts"; do
    tries=$((tries + 1))
    [ "$tries" -lt 3 ] || die "could not mount $NAS_SHARE"
    log "mount failed, retrying in 5s ($tries/3)"
    sleep 5
  done
  MOUNTED_HERE=1
  log "mounted $NAS_SHARE on $MOUNT_POINT"
}

sync_programme() {
  mkdir -p "$DEST"
  copied=0 missing=0
  while IFS= read -r work || [ -n "$work" ]; do
    case "$work" in ''|\#*) continue ;; esac
    src="$MOUNT_POINT/$work"
    if [ ! -d "$src" ]; then
      log "not on NAS: $work"
      missing=$((missing + 1))
      continue
    fi
    mkdir -p "$DEST/$work"
    rsync -rt --delete --include='*/' --include='*.pdf' --exclude='*' "$src/" "$DEST/$work/"
    n=$(find "$DEST/$work" -name '*.pdf' | wc -l)
    log "$work: $n parts"
    copied=$((copied + 1))
  done <"$PROGRAMME"
  log "done: $copied works copied, $missing missing -> $DEST"
  [ "$missing" -eq 0 ]
}

mount_share
sync_programme
