#!/usr/bin/env bash
# kiosk_media_mount.sh - mount the tour-video USB stick on the lobby kiosk.
# The lobby screen loops the "Haunted Harbour" trailer from removable media
# that marketing swaps every month.
set -euo pipefail

MEDIA_LABEL="${MEDIA_LABEL:-GHOSTREEL}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/kiosk_media}"
KIOSK_USER="${KIOSK_USER:-kiosk}"
PLAYLIST="${PLAYLIST:-$HOME/kiosk/playlist.m3u}"

log() { logger -t kiosk-media "$*" 2>/dev/null; echo "$*"; }

priv() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

find_device() {
  local dev
  dev="$(blkid -L "$MEDIA_LABEL" 2>/dev/null || true)"
  [[ -n "$dev" ]] || { log "no media labelled $MEDIA_LABEL"; return 1; }
  echo "$dev"
}

do_mount() {
  local dev="$1" uid gid opts
  uid="$(id -u "$KIOSK_USER")"
  gid="$(id -g "$KIOSK_USER")"
  opts=(ro "uid=$uid" "gid=$gid" nosuid nodev noexec)
  priv mkdir -p "$MOUNT_POINT"
  if mountpoint -q "$MOUNT_POINT"; then
    log "already mounted, remounting"
    priv umount "$MOUNT_POINT"
  fi
  local IFS=,
  priv mount -o "${opts[*]}" "$dev" "$MOUNT_POINT"
  log "mounted $dev on $MOUNT_POINT"
}

build_playlist() {
  local f count=0
  mkdir -p "$(dirname "$PLAYLIST")"
  : >"$PLAYLIST"
  while IFS= read -r -d '' f; do
    printf '%s\n' "$f" >>"$PLAYLIST"
    count=$((count + 1))
  done < <(find "$MOUNT_POINT" -maxdepth 2 -type f \( -iname '*.mp4' -o -iname '*.mkv' \) -print0 | sort -z)
  log "playlist has $count videos"
}

eject() {
  priv umount "$MOUNT_POINT" && log "media ejected"
}

main() {
  case "${1:-mount}" in
    mount)
      do_mount "$(find_device)"
      build_playlist
      ;;
    eject) eject ;;
    *) echo "usage: $0 [mount|eject]" >&2; exit 2 ;;
  esac
}

main "$@"
