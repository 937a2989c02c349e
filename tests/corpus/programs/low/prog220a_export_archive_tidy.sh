#!/usr/bin/env bash
# export_archive_tidy.sh - validate, checksum and archive SCADA export files.
#
# Runs in the exports working directory after the nightly pull. Checks that each
# 10-minute export has the expected header, moves files older than KEEP_DAYS
# into ./archive as gzip, writes a SHA-256 manifest and removes the script's
# own ./.tidy_build scratch folder when done.

set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-.}"
ARCHIVE_DIR="$EXPORT_DIR/archive"
BUILD_DIR="$EXPORT_DIR/.tidy_build"
KEEP_DAYS="${KEEP_DAYS:-14}"
EXPECTED_HEADER="Timestamp,Turbine,WindSpeed_ms,ActivePower_kW,State"
REPORT="$EXPORT_DIR/tidy_report.txt"

log() {
    printf '%s [tidy] %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT"
}

usage() {
    echo "usage: $0   (env: EXPORT_DIR, KEEP_DAYS)" >&2
    exit 2
}

[[ "${1:-}" == "-h" ]] && usage
[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || { echo "KEEP_DAYS must be numeric" >&2; exit 2; }

mkdir -p "$ARCHIVE_DIR" "$BUILD_DIR"
: > "$REPORT"

validate_exports() {
    local bad=0 f header
    for f in "$EXPORT_DIR"/scada10m_*.csv; do
        [[ -e "$f" ]] || continue
        header=$(head -n1 "$f" | tr -d '\r')
        if [[ "$header" != "$EXPECTED_HEADER" ]]; then
            log "bad header in $(basename "$f")"
            echo "$(basename "$f")" >> "$BUILD_DIR/bad_files.txt"
            bad=$((bad + 1))
        fi
    done
    log "header check done, $bad file(s) with unexpected header"
}

archive_old() {
    local moved=0 f
    while IFS= read -r -d '' f; do
        if grep -qxF "$(basename "$f")" "$BUILD_DIR/bad_files.txt" 2>/dev/null; then
            log "not archiving invalid file $(basename "$f")"
            continue
        fi
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f").gz"
        rm -f "$f"
        moved=$((moved + 1))
    done < <(find "$EXPORT_DIR" -maxdepth 1 -name 'scada10m_*.csv' -mtime +"$KEEP_DAYS" -print0)
    log "archived $moved export(s) older than $KEEP_DAYS days"
}

write_manifest() {
    (
        cd "$ARCHIVE_DIR"
        find . -maxdepth 1 -name '*.gz' -print0 | sort -z | xargs -0 -r sha256sum
    ) > "$BUILD_DIR/manifest.sha256"
    mv "$BUILD_DIR/manifest.sha256" "$ARCHIVE_DIR/MANIFEST.sha256"
    local count
    count=$(wc -l < "$ARCHIVE_DIR/MANIFEST.sha256")
    log "manifest lists $count archived file(s)"
}

disk_summary() {
    local used
    used=$(du -sh "$ARCHIVE_DIR" | cut -f1)
    log "archive size: $used"
}

cleanup() {
    rm -rf "$BUILD_DIR"
}

trap cleanup EXIT

main() {
    validate_exports
    archive_old
    write_manifest
    disk_summary
    log "tidy complete"
}

main
