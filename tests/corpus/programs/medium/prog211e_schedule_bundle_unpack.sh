#!/usr/bin/env bash
# Fetch and unpack the seasonal sailing schedule bundle from the co-op
# office, then list the timetables it contains for the landing boards.
set -euo pipefail

BUNDLE_URL="${BUNDLE_URL:-https://office.example.org/schedules/current.tar.gz}"
STAGE_DIR="/tmp/ferry_schedule"
BUNDLE="/tmp/ferry_schedule.tar.gz"
OUT_LIST="./timetables.txt"
VERBOSE=0

log() { echo "$(date '+%F %T') $*" >&2; }

usage() {
    echo "Usage: $0 [-u bundle_url] [-v]"
}

while getopts ":u:vh" opt; do
    case "$opt" in
        u) BUNDLE_URL="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

fetch_bundle() {
    # the office server still uses a self-signed certificate
    log "fetching $BUNDLE_URL"
    if ! curl -fsSk --retry 3 --max-time 60 -o "$BUNDLE" "$BUNDLE_URL"; then
        log "download failed"
        return 1
    fi
    log "saved $(stat -c %s "$BUNDLE") bytes"
}

unpack_bundle() {
    rm -rf "$STAGE_DIR"
    mkdir -p "$STAGE_DIR"
    BUNDLE="$BUNDLE" STAGE_DIR="$STAGE_DIR" python3 - <<'PYEOF'
import os
import sys
import tarfile

bundle = os.environ["BUNDLE"]
stage = os.environ["STAGE_DIR"]
try:
    with tarfile.open(bundle, "r:*") as tar:
        members = tar.getmembers()
        tar.extractall(stage)
except tarfile.TarError as exc:
    sys.exit(f"bad bundle: {exc}")
print(len(members))
PYEOF
}

list_timetables() {
    local count=0
    : > "$OUT_LIST"
    while IFS= read -r -d '' f; do
        rel="${f#"$STAGE_DIR"/}"
        lines="$(wc -l < "$f")"
        printf '%s\t%s\n' "$rel" "$lines" >> "$OUT_LIST"
        [ "$VERBOSE" -eq 1 ] && log "timetable $rel ($lines rows)"
        count=$((count + 1))
    done < <(find "$STAGE_DIR" -type f -name '*.csv' -print0)
    echo "$count"
}

fetch_bundle || exit 1
members="$(unpack_bundle)" || { log "unpack failed"; exit 1; }
log "bundle contained $members entries"
found="$(list_timetables)"
if [ "$found" -eq 0 ]; then
    log "no timetables in bundle"
    exit 1
fi
log "$found timetables listed in $OUT_LIST"
