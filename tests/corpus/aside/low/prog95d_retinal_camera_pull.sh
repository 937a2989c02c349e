#!/usr/bin/env bash
# retinal_camera_pull.sh - copy new captures from the fundus camera's export
# share into the practice imaging inbox.
#
# The camera PC (Topcon/Canon style capture station) exposes its export
# folder over SMB. The review workstation's desktop session already has the
# share attached through the file manager (GVFS), so we just locate that
# user mount, rsync anything new into ./imaging_inbox/ and keep a record of
# copied files.
#
# Usage: retinal_camera_pull.sh [-H camera_host] [-S share] [-s source_dir]
set -euo pipefail

CAMERA_HOST="${CAMERA_HOST:-fundus-cam01}"
SHARE="${CAMERA_SHARE:-EXPORT}"
SOURCE_DIR=""
INBOX="./imaging_inbox"
LEDGER="./imaging_inbox/.copied"

log() { echo "[$(date +%H:%M:%S)] $*"; }

while getopts ":H:S:s:h" o; do
  case $o in
    H) CAMERA_HOST=$OPTARG ;;
    S) SHARE=$OPTARG ;;
    s) SOURCE_DIR=$OPTARG ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "bad option" >&2; exit 64 ;;
  esac
done

locate_share() {
  if [[ -n $SOURCE_DIR ]]; then
    [[ -d $SOURCE_DIR ]] || { log "$SOURCE_DIR is not a directory"; exit 1; }
    return
  fi
  local gvfs="${XDG_RUNTIME_DIR:-/run/user/$(id -u)}/gvfs"
  local share_lc
  share_lc=$(echo "$SHARE" | tr 'A-Z' 'a-z')
  SOURCE_DIR="$gvfs/smb-share:server=${CAMERA_HOST},share=${share_lc}"
  if [[ ! -d $SOURCE_DIR ]]; then
    log "share not attached for this session; open smb://$CAMERA_HOST/$SHARE"
    log "in the file manager (or pass -s with the folder) and run again"
    exit 2
  fi
  log "using $SOURCE_DIR"
}

copy_new() {
  mkdir -p "$INBOX"
  touch "$LEDGER"
  local before after
  before=$(wc -l <"$LEDGER")
  rsync -a --ignore-existing --prune-empty-dirs \
    --include='*/' --include='*.jpg' --include='*.JPG' \
    --include='*.dcm' --include='*.xml' --exclude='*' \
    --out-format='%n' "$SOURCE_DIR/" "$INBOX/" | grep -v '/$' >>"$LEDGER" || true
  after=$(wc -l <"$LEDGER")
  log "copied $((after - before)) new file(s)"
}

report_today() {
  local today
  today=$(date +%Y%m%d)
  local n
  n=$(grep -c "$today" "$LEDGER" || true)
  log "$n capture file(s) from today in the ledger"
}

main() {
  if ! getent hosts "$CAMERA_HOST" >/dev/null; then
    log "camera host $CAMERA_HOST not resolvable"
    exit 2
  fi
  locate_share
  copy_new
  report_today
}

main
