#!/usr/bin/env bash
# logbook_scan_archive.sh - bundle old logbook scans from the club scan folder
#
# The scanner in the briefing room drops scanned student logbooks, licences
# and medicals into ./scans.  This job packs every scan older than the
# retention period into a dated, checksummed tarball under ./archive,
# verifies the tarball, and then removes the packed scans from ./scans so the
# folder stays small enough for the instructors to find today's work.
#
# Usage: logbook_scan_archive.sh [-d days] [-s scan_dir] [-a archive_dir] [-n]

set -euo pipefail

DAYS=30
SCAN_DIR="./scans"
ARCHIVE_DIR="./archive"
DRY_RUN=0
LOGFILE="./logbook-archive.log"

while getopts ":d:s:a:n" opt; do
    case "$opt" in
        d) DAYS="$OPTARG" ;;
        s) SCAN_DIR="$OPTARG" ;;
        a) ARCHIVE_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-d days] [-s scan_dir] [-a archive_dir] [-n]" >&2; exit 1 ;;
    esac
done

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOGFILE" >&2; }

[[ -d "$SCAN_DIR" ]] || { log "no scan directory $SCAN_DIR"; exit 0; }
mkdir -p "$ARCHIVE_DIR"

stamp="$(date +%Y%m%d-%H%M%S)"
listfile="$ARCHIVE_DIR/.pending-$stamp.lst"
tarball="$ARCHIVE_DIR/scans-$stamp.tar.gz"
trap 'rm -f "$listfile"' EXIT

candidates() {
    find "$SCAN_DIR" -type f -mtime +"$DAYS" \
        \( -iname '*.pdf' -o -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' -o -iname '*.tif' \) \
        -print0
}

main() {
    candidates > "$listfile"
    local n
    n="$(tr -cd '\0' < "$listfile" | wc -c)"
    if (( n == 0 )); then
        log "nothing older than $DAYS days in $SCAN_DIR"
        return 0
    fi
    log "archiving $n scan(s) older than $DAYS days"
    if (( DRY_RUN )); then
        tr '\0' '\n' < "$listfile"
        return 0
    fi

    tar --null -T "$listfile" -czf "$tarball"
    if ! tar -tzf "$tarball" >/dev/null; then
        log "verification of $tarball failed, keeping originals"
        rm -f "$tarball"
        return 1
    fi
    (cd "$ARCHIVE_DIR" && sha256sum "$(basename "$tarball")" >> SHA256SUMS)

    xargs -0 rm -f -- < "$listfile"
    find "$SCAN_DIR" -mindepth 1 -type d -empty -delete
    log "wrote $tarball ($(du -h "$tarball" | cut -f1)), removed $n packed scan(s)"
}

main "$@"
