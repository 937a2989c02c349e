#!/usr/bin/env bash
# archive_nas_mount.sh - mount the long-term PACS archive share read-only
# and report which years of studies are present on it.
#
# Used by the PACS admins before retrieving prior studies for comparison
# reads.  Must run as root (mount).  Unmounts again unless -k is given.
#
# Usage: archive_nas_mount.sh [-s SERVER:/EXPORT] [-m MOUNTPOINT] [-k] [-y YEAR]

set -uo pipefail

SHARE="192.0.2.50:/export/pacs_archive"
MOUNTPOINT="/mnt/pacs_archive"
KEEP=0
YEAR=""
REPORT="./archive_inventory.txt"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":s:m:ky:h" opt; do
  case "$opt" in
    s) SHARE="$OPTARG" ;;
    m) MOUNTPOINT="$OPTARG" ;;
    k) KEEP=1 ;;
    y) YEAR="$OPTARG" ;;
    *) sed -n '2,8p' "$0"; exit 1 ;;
  esac
done

[[ $EUID -eq 0 ]] || die "mount needs root; run as root on the archive gateway"
[[ -z "$YEAR" || "$YEAR" =~ ^(19|20)[0-9]{2}$ ]] || die "bad year '$YEAR'"

MOUNTED_BY_US=0
cleanup() {
  if (( MOUNTED_BY_US && ! KEEP )); then
    umount "$MOUNTPOINT" && log "unmounted $MOUNTPOINT" || log "umount failed"
  fi
}
trap cleanup EXIT

do_mount() {
  mkdir -p "$MOUNTPOINT"
  if mountpoint -q "$MOUNTPOINT"; then
    log "$MOUNTPOINT already mounted"
    return 0
  fi
  log "mounting $SHARE on $MOUNTPOINT (ro)"
  mount -t nfs4 -o ro,soft,timeo=100,retrans=2 "$SHARE" "$MOUNTPOINT" \
    || die "mount of $SHARE failed"
  MOUNTED_BY_US=1
}

inventory() {
  ARCHIVE_ROOT="$MOUNTPOINT" ONLY_YEAR="$YEAR" python3 - <<'PY'
import os, sys

root = os.environ["ARCHIVE_ROOT"]
only = os.environ.get("ONLY_YEAR") or None
totals = {}
for year in sorted(os.listdir(root)):
    ypath = os.path.join(root, year)
    if not (year.isdigit() and os.path.isdir(ypath)):
        continue
    if only and year != only:
        continue
    studies = size = 0
    for dirpath, dirnames, filenames in os.walk(ypath):
        if dirpath.count(os.sep) - ypath.count(os.sep) == 2:
            studies += 1
        for f in filenames:
            try:
                size += os.path.getsize(os.path.join(dirpath, f))
            except OSError:
                pass
    totals[year] = (studies, size)
for year, (studies, size) in totals.items():
    print(f"{year}\t{studies}\t{size / 2**30:.1f} GiB")
if not totals:
    print("no year folders found", file=sys.stderr)
PY
}

main() {
  do_mount
  df -h "$MOUNTPOINT" | tail -n 1 | awk '{print "share size " $2 ", used " $3}' >&2
  local inv
  inv="$(inventory)" || die "inventory failed"
  { printf 'archive inventory %s (%s)\nYEAR\tSTUDIES\tSIZE\n' "$(date +%F)" "$SHARE"; echo "$inv"; } | tee "$REPORT"
  log "report written to $REPORT"
}

main
