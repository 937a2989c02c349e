#!/usr/bin/env bash
# verify_dataset_checksums.sh
#
# Creates or verifies a SHA-256 manifest for a dataset folder before it is
# handed to the data archive.  The archive rejects deposits whose manifest
# does not match, so groups run this on their export folder first.
#
# Usage: ./verify_dataset_checksums.sh create|verify [-d DATASET_DIR] [-m MANIFEST]

set -euo pipefail

MODE="${1:-}"
[ $# -gt 0 ] && shift
DATASET_DIR="./dataset"
MANIFEST=""
LOG="./checksums.log"

log() { echo "$(date '+%F %T') [checksums] $*" | tee -a "$LOG" >&2; }

usage() { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 1; }

while getopts ":d:m:h" opt; do
    case "$opt" in
        d) DATASET_DIR="$OPTARG" ;;
        m) MANIFEST="$OPTARG" ;;
        h|*) usage ;;
    esac
done

[ -n "$MANIFEST" ] || MANIFEST="${DATASET_DIR%/}.sha256"

if [ ! -d "$DATASET_DIR" ]; then
    log "dataset directory $DATASET_DIR not found"
    exit 1
fi

list_files() {
    # stable order; skip editor backups and OS metadata
    (cd "$DATASET_DIR" && find . -type f \
        ! -name '*~' ! -name '.DS_Store' ! -name 'Thumbs.db' -print0 | sort -z)
}

create_manifest() {
    local count=0 bytes=0 f size
    : > "${MANIFEST}.part"
    while IFS= read -r -d '' f; do
        (cd "$DATASET_DIR" && sha256sum -- "$f") >> "${MANIFEST}.part"
        size=$(stat -c %s "$DATASET_DIR/$f")
        bytes=$((bytes + size))
        count=$((count + 1))
    done < <(list_files)
    mv "${MANIFEST}.part" "$MANIFEST"
    log "manifest $MANIFEST written: $count files, $((bytes / 1024)) KiB"
}

verify_manifest() {
    if [ ! -f "$MANIFEST" ]; then
        log "manifest $MANIFEST not found; run 'create' first"
        exit 1
    fi
    local manifest_abs
    manifest_abs="$(cd "$(dirname "$MANIFEST")" && pwd)/$(basename "$MANIFEST")"
    local report="./checksum_report.txt"
    if (cd "$DATASET_DIR" && sha256sum --check --quiet -- "$manifest_abs") > "$report" 2>&1; then
        log "all files match $MANIFEST"
    else
        log "mismatches found:"
        grep -E 'FAILED|No such file' "$report" | sed 's/^/    /' >&2 || true
        exit 2
    fi
    # files present but not listed in the manifest
    local extra=0 f
    while IFS= read -r -d '' f; do
        if ! grep -Fq "  ${f}" "$MANIFEST"; then
            log "not in manifest: $f"
            extra=$((extra + 1))
        fi
    done < <(list_files)
    [ "$extra" -eq 0 ] || { log "$extra unlisted file(s)"; exit 3; }
}

case "$MODE" in
    create) create_manifest ;;
    verify) verify_manifest ;;
    *) usage ;;
esac
