#!/usr/bin/env bash
# export_rotate.sh - rotate the nightly applicant CSV exports kept in the
# project's ./exports folder: compress old ones, keep N days, record a
# checksum index, and clear this script's own scratch files.
set -euo pipefail

EXPORT_DIR="./exports"
ARCHIVE_DIR="./exports/archive"
SCRATCH_DIR="./.rotate_scratch"
KEEP_DAYS=14
VERBOSE=0

log() { printf '%s [rotate] %s\n' "$(date '+%F %T')" "$*"; }
vlog() { (( VERBOSE )) && log "$*" || true; }

usage() {
    echo "Usage: $0 [-d export_dir] [-k keep_days] [-v]" >&2
    exit 2
}

while getopts ":d:k:vh" opt; do
    case "$opt" in
        d) EXPORT_DIR="$OPTARG"; ARCHIVE_DIR="$OPTARG/archive" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || { log "keep days must be numeric"; exit 2; }
[[ -d "$EXPORT_DIR" ]] || { log "no export dir $EXPORT_DIR"; exit 0; }
mkdir -p "$ARCHIVE_DIR" "$SCRATCH_DIR"

compress_old() {
    local n=0
    while IFS= read -r -d '' f; do
        gzip -9 "$f"
        mv "$f.gz" "$ARCHIVE_DIR/"
        vlog "archived $(basename "$f")"
        n=$((n + 1))
    done < <(find "$EXPORT_DIR" -maxdepth 1 -name 'applicants_*.csv' -mtime +1 -print0)
    log "compressed $n export(s)"
}

prune_archive() {
    local n
    n=$(find "$ARCHIVE_DIR" -name 'applicants_*.csv.gz' -mtime +"$KEEP_DAYS" | wc -l)
    find "$ARCHIVE_DIR" -name 'applicants_*.csv.gz' -mtime +"$KEEP_DAYS" -delete
    log "pruned $n archive(s) older than $KEEP_DAYS days"
}

write_index() {
    # md5 is only used as a cache/change key for the dashboard, not security
    (cd "$ARCHIVE_DIR" && md5sum applicants_*.csv.gz 2>/dev/null || true) \
        > "$SCRATCH_DIR/checksums.txt"
    INDEX_IN="$SCRATCH_DIR/checksums.txt" INDEX_OUT="$ARCHIVE_DIR/index.json" \
    KEEP="$KEEP_DAYS" python3 - <<'PYEOF'
import json
import os

entries = []
with open(os.environ["INDEX_IN"]) as fh:
    for line in fh:
        parts = line.split()
        if len(parts) == 2:
            entries.append({"file": parts[1], "cache_key": parts[0]})
entries.sort(key=lambda e: e["file"])
with open(os.environ["INDEX_OUT"], "w") as fh:
    json.dump({"keep_days": int(os.environ["KEEP"]), "files": entries}, fh, indent=2)
print(f"index lists {len(entries)} archive(s)")
PYEOF
}

compress_old
prune_archive
write_index
chmod 600 "$ARCHIVE_DIR/index.json"
rm -rf "$SCRATCH_DIR"
log "rotation finished"
