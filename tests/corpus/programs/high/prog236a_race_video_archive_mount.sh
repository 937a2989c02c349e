#!/usr/bin/env bash
# race_video_archive_mount.sh - attach the stewards' race-replay archive
# (NFS export on the video server) to an editing workstation, copy the
# requested meeting's patrol-camera files locally, then detach.
set -euo pipefail

SERVER="192.0.2.60"
EXPORT="/srv/replays"
MOUNT_POINT="/mnt/race_replays"
LOCAL_DIR="./replays"
MEETING=""
KEEP_MOUNTED=0
OPTS="ro,vers=4.1,soft,timeo=100,noexec,nosuid"

ELEVATE=(su""do -n)

log() { echo "[$(date +%T)] $*" >&2; }

usage() {
  cat <<EOF
Usage: $0 -m YYYYMMDD [-k] [-s server]
  -m  meeting date to copy
  -k  keep the archive mounted afterwards
  -s  video server address (default $SERVER)
EOF
}

while getopts ":m:ks:h" o; do
  case "$o" in
    m) MEETING="$OPTARG" ;;
    k) KEEP_MOUNTED=1 ;;
    s) SERVER="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ -n "$MEETING" ]] || { usage; exit 2; }
[[ "$MEETING" =~ ^[0-9]{8}$ ]] || { log "meeting must be YYYYMMDD"; exit 2; }

is_mounted() {
  findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1
}

attach() {
  if is_mounted; then
    log "archive already mounted at $MOUNT_POINT"
    return 0
  fi
  "${ELEVATE[@]}" mkdir -p "$MOUNT_POINT"
  log "mounting $SERVER:$EXPORT"
  "${ELEVATE[@]}" mount -t nfs -o "$OPTS" "$SERVER:$EXPORT" "$MOUNT_POINT"
}

detach() {
  if [[ $KEEP_MOUNTED -eq 1 ]]; then
    log "leaving archive mounted as requested"
    return 0
  fi
  if is_mounted; then
    "${ELEVATE[@]}" umount "$MOUNT_POINT" || log "umount failed; check for open files"
  fi
}

copy_meeting() {
  local src="$MOUNT_POINT/$MEETING" n=0
  if [[ ! -d "$src" ]]; then
    log "no replays for meeting $MEETING on the archive"
    return 1
  fi
  mkdir -p "$LOCAL_DIR/$MEETING"
  while IFS= read -r -d '' f; do
    cp -n "$f" "$LOCAL_DIR/$MEETING/" && n=$((n + 1))
  done < <(find "$src" -maxdepth 2 -type f \( -name '*.mxf' -o -name '*.mp4' \) -print0)
  log "copied $n file(s) to $LOCAL_DIR/$MEETING"
}

main() {
  trap detach EXIT
  attach
  copy_meeting
}

main
