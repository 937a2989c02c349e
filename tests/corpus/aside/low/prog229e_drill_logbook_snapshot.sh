#!/usr/bin/env bash
# drill_logbook_snapshot.sh
# Makes a dated snapshot of the driller's electronic logbook folder (in the
# working directory), skips the snapshot when nothing changed since the last
# one (MD5 of the file list is used as a cache key), and writes a JSON
# manifest with a base64-embedded summary for the onshore document system.
set -euo pipefail

LOGBOOK_DIR="${LOGBOOK_DIR:-./logbook}"
SNAP_DIR="${SNAP_DIR:-./snapshots}"
readonly BUILD_DIR="./.snapshot_build"
KEEP="${KEEP:-10}"
FORCE=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f|--force) FORCE=1; shift ;;
        -k|--keep) KEEP="$2"; shift 2 ;;
        -d|--dir) LOGBOOK_DIR="$2"; shift 2 ;;
        -h|--help) echo "Usage: $0 [-f] [-k keep] [-d logbook_dir]"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

log() { printf '%s [snapshot] %s\n' "$(date '+%F %T')" "$*"; }

[[ -d "$LOGBOOK_DIR" ]] || { log "logbook dir $LOGBOOK_DIR missing"; exit 1; }
mkdir -p "$SNAP_DIR" "$BUILD_DIR"

os_name=$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release 2>/dev/null || true)
os_name="${os_name:-unknown}"
cache_key=$(find "$LOGBOOK_DIR" -type f -printf '%P %s %T@\n' | sort | md5sum | cut -d' ' -f1)
last_key_file="$SNAP_DIR/.last_key"

if [[ $FORCE -eq 0 && -f "$last_key_file" && "$(cat "$last_key_file")" == "$cache_key" ]]; then
    log "logbook unchanged (key $cache_key), no snapshot needed"
    exit 0
fi

stamp=$(date +%Y%m%d_%H%M)
archive="$SNAP_DIR/logbook_${stamp}.tar.gz"
tar -czf "$archive" -C "$(dirname "$LOGBOOK_DIR")" "$(basename "$LOGBOOK_DIR")"
chmod 600 "$archive"
log "snapshot $archive ($(du -h "$archive" | cut -f1))"

# Per-file listing used by the manifest step.
find "$LOGBOOK_DIR" -type f -printf '%P\t%s\n' | sort > "$BUILD_DIR/files.tsv"
summary_b64=$(head -n 50 "$BUILD_DIR/files.tsv" | base64 -w0)

ARCHIVE="$archive" CACHE_KEY="$cache_key" OS_NAME="$os_name" \
SUMMARY_B64="$summary_b64" FILES_TSV="$BUILD_DIR/files.tsv" \
python3 - > "$archive.manifest.json" <<'PY'
import json
import os
import socket
from pathlib import Path

files = []
for line in Path(os.environ["FILES_TSV"]).read_text().splitlines():
    name, _, size = line.partition("\t")
    files.append({"path": name, "bytes": int(size or 0)})

manifest = {
    "archive": os.path.basename(os.environ["ARCHIVE"]),
    "host": socket.gethostname(),
    "os": os.environ["OS_NAME"],
    "cache_key": os.environ["CACHE_KEY"],
    "file_count": len(files),
    "total_bytes": sum(f["bytes"] for f in files),
    "listing_b64": os.environ["SUMMARY_B64"],
}
print(json.dumps(manifest, indent=2))
PY
chmod 600 "$archive.manifest.json"
echo "$cache_key" > "$last_key_file"

# prune old snapshots beyond KEEP
mapfile -t old < <(ls -1t "$SNAP_DIR"/logbook_*.tar.gz 2>/dev/null | tail -n +$((KEEP + 1)))
for f in "${old[@]}"; do
    rm -f -- "$f" "$f.manifest.json"
    log "pruned $f"
done

# our own build cache is no longer needed
rm -rf -- "$BUILD_DIR"
log "done (key $cache_key)"
