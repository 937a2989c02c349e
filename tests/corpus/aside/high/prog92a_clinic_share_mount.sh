#!/usr/bin/env bash
# clinic_share_mount.sh - pull the day's invoice exports from each branch
# clinic's NAS so the invoice importer can load them.
#
#   ./clinic_share_mount.sh [branches.list] [--keep-mounted]
#
# branches.list: one "name //nas-host/share" pair per line.
# Credentials: ~/.config/clinic-nas/<name>.cred (username=/password=/domain=).

set -uo pipefail

LIST="${1:-branches.list}"
KEEP_MOUNTED=0
[[ "${2:-}" == "--keep-mounted" ]] && KEEP_MOUNTED=1

MNT_ROOT="$PWD/mnt"
DEST_ROOT="$PWD/invoices/incoming"
CRED_DIR="$HOME/.config/clinic-nas"
LOG="$PWD/logs/share_pull.log"
SINCE_DAYS="${SINCE_DAYS:-2}"

mkdir -p "$MNT_ROOT" "$DEST_ROOT" "$(dirname "$LOG")"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

cleanup() {
  (( KEEP_MOUNTED )) && return
  local m
  for m in "$MNT_ROOT"/*; do
    mountpoint -q "$m" 2>/dev/null && sudo -n umount "$m" && log "unmounted $m"
  done
}
trap cleanup EXIT

mount_branch() {
  local name="$1" unc="$2" point="$MNT_ROOT/$1"
  local cred="$CRED_DIR/$name.cred"
  if [[ ! -r "$cred" ]]; then
    log "[$name] missing credentials file $cred"
    return 1
  fi
  chmod 600 "$cred"
  mkdir -p "$point"
  if mountpoint -q "$point"; then
    log "[$name] already mounted"
    return 0
  fi
  local opts="credentials=$cred,uid=$(id -u),gid=$(id -g),ro,vers=3.0,file_mode=0640,dir_mode=0750"
  local attempt
  for attempt in 1 2 3; do
    if sudo mount -t cifs "$unc" "$point" -o "$opts"; then
      log "[$name] mounted $unc"
      return 0
    fi
    log "[$name] mount attempt $attempt failed"
    sleep $((attempt * 10))
  done
  return 1
}

copy_invoices() {
  local name="$1" src="$MNT_ROOT/$1/Exports/Invoices" dest="$DEST_ROOT/$1"
  mkdir -p "$dest"
  if [[ ! -d "$src" ]]; then
    log "[$name] no Exports/Invoices folder on share"
    return 1
  fi
  local n=0 f
  while IFS= read -r -d '' f; do
    cp -p --no-clobber "$f" "$dest/" && n=$((n + 1))
  done < <(find "$src" -maxdepth 1 -type f \( -iname '*.csv' -o -iname '*.xml' \) -mtime "-$SINCE_DAYS" -print0)
  log "[$name] copied $n invoice files"
}

main() {
  if [[ ! -f "$LIST" ]]; then
    echo "branch list not found: $LIST" >&2
    exit 66
  fi
  local failed=0 name unc
  while read -r name unc; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    if mount_branch "$name" "$unc"; then
      copy_invoices "$name" || failed=$((failed + 1))
    else
      failed=$((failed + 1))
    fi
  done < "$LIST"
  log "finished with $failed branch failures"
  (( failed == 0 ))
}

main
