#!/usr/bin/env bash
# sd_card_offload.sh - copy a drone camera card into the job folder and
# verify every file before the card is reformatted.
#
# Usage: sd_card_offload.sh JOB_ID [CARD_LABEL]
#   CARD_LABEL defaults to the DJI default volume label.

set -euo pipefail

JOB_ID="${1:?usage: $0 JOB_ID [CARD_LABEL]}"
CARD_LABEL="${2:-${CARD_LABEL:-DJI_SD}}"
JOBS_ROOT="${JOBS_ROOT:-$HOME/Survey/jobs}"
MNT="${CARD_MOUNT:-/mnt/card_${CARD_LABEL}}"
DEST="$JOBS_ROOT/$JOB_ID/raw/$(date +%F)"
LOGFILE="$JOBS_ROOT/$JOB_ID/offload.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

find_card() {
  lsblk -rpno NAME,LABEL | awk -v l="$CARD_LABEL" '$2 == l { print $1; exit }'
}

mount_card() {
  local dev="$1"
  if findmnt -rno TARGET "$dev" >/dev/null 2>&1; then
    MNT="$(findmnt -rno TARGET "$dev" | head -n1)"
    log "card already mounted at $MNT"
    return
  fi
  sudo mkdir -p "$MNT"
  sudo mount -o ro,uid="$(id -u)",gid="$(id -g)" "$dev" "$MNT"
  MOUNTED_BY_US=1
  log "mounted $dev at $MNT"
}

cleanup() {
  if [[ "${MOUNTED_BY_US:-0}" == 1 ]]; then
    sync
    sudo umount "$MNT" && log "unmounted $MNT"
  fi
}
trap cleanup EXIT

copy_and_verify() {
  local src="$MNT/DCIM" manifest="$DEST/MANIFEST.sha256" bad=0
  [[ -d "$src" ]] || { log "no DCIM folder on card"; return 1; }
  mkdir -p "$DEST"
  rsync -a --info=progress2 "$src/" "$DEST/"
  ( cd "$src" && find . -type f -print0 | sort -z | xargs -0 sha256sum ) > "$manifest"
  if ! ( cd "$DEST" && sha256sum --quiet -c MANIFEST.sha256 ); then
    bad=1
  fi
  local count; count="$(grep -c . "$manifest" || true)"
  if (( bad )); then
    log "VERIFY FAILED for $count files - do not format the card"
    return 1
  fi
  log "verified $count files into $DEST"
}

main() {
  mkdir -p "$JOBS_ROOT/$JOB_ID"
  local dev
  for _ in 1 2 3 4 5; do
    dev="$(find_card)"
    [[ -n "$dev" ]] && break
    log "waiting for card labelled $CARD_LABEL..."
    sleep 3
  done
  [[ -n "${dev:-}" ]] || { log "card $CARD_LABEL not found"; exit 1; }
  mount_card "$dev"
  copy_and_verify
}

main
