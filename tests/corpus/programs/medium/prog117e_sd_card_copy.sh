#!/usr/bin/env bash
# sd_card_copy.sh - copy a drone camera card into the job folder and
# verify every file before the card is reformatted.
#
# Usage: sd_card_copy.sh JOB_ID [CARD_LABEL]
#   CARD_LABEL defaults to the DJI default volume label.

set -euo pipefail

JOB_ID="${1:?usage: $0 JOB_ID [CARD_LABEL]}"
CARD_LABEL="${2:-${CARD_LABEL:-DJI_SD}}"
JOBS_ROOT="${JOBS_ROOT:-$HOME/Survey/jobs}"
DEST="$JOBS_ROOT/$JOB_ID/raw/$(date +%F)"
LOGFILE="$JOBS_ROOT/$JOB_ID/offload.log"
WORK_MANIFEST="/tmp/card_copy_${CARD_LABEL}.sha256"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

find_card() {
  lsblk -rpno NAME,LABEL | awk -v l="$CARD_LABEL" '$2 == l { print $1; exit }'
}

mount_card() {
  local dev="$1"
  MNT="$(findmnt -rno TARGET "$dev" 2>/dev/null | head -n1 || true)"
  if [[ -n "$MNT" ]]; then
    log "card already mounted at $MNT"
    return
  fi
  # udisks mounts under /run/media/$USER without needing root
  MNT="$(udisksctl mount --no-user-interaction -b "$dev" | sed -n 's/^Mounted .* at \(.*\)$/\1/p' | sed 's/\.$//')"
  [[ -n "$MNT" ]] || { log "udisksctl could not mount $dev"; exit 1; }
  MOUNTED_DEV="$dev"
  log "mounted $dev at $MNT"
}

cleanup() {
  if [[ -n "${MOUNTED_DEV:-}" ]]; then
    sync
    udisksctl unmount --no-user-interaction -b "$MOUNTED_DEV" >/dev/null && log "unmounted $MOUNTED_DEV"
  fi
}
trap cleanup EXIT

copy_and_verify() {
  local src="$MNT/DCIM" bad=0
  [[ -d "$src" ]] || { log "no DCIM folder on card"; return 1; }
  mkdir -p "$DEST"
  rsync -a --info=progress2 "$src/" "$DEST/"
  ( cd "$src" && find . -type f -print0 | sort -z | xargs -0 sha256sum ) > "$WORK_MANIFEST"
  if ! ( cd "$DEST" && sha256sum --quiet -c "$WORK_MANIFEST" ); then
    bad=1
  fi
  cp "$WORK_MANIFEST" "$DEST/MANIFEST.sha256"
  local count; count="$(grep -c . "$WORK_MANIFEST" || true)"
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
