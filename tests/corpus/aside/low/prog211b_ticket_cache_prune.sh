#!/usr/bin/env bash
# Maintains the rendered-ticket cache used by the delivery note printer:
# indexes ticket JSON files by content hash, drops cache entries whose
# ticket no longer exists or that are older than the retention period,
# and clears the printer's build folder.
set -euo pipefail

TICKETS="./tickets"
CACHE="./.ticket_cache"
BUILD="./build"
RETAIN_DAYS=30
DRY_RUN=0

log() { echo "[$(date '+%T')] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --tickets) TICKETS="$2"; shift 2 ;;
        --days) RETAIN_DAYS="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) echo "usage: $0 [--tickets DIR] [--days N] [--dry-run]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

[[ -d "$TICKETS" ]] || { log "no ticket folder $TICKETS"; exit 1; }
[[ "$RETAIN_DAYS" =~ ^[0-9]+$ ]] || { log "--days needs a number"; exit 1; }
mkdir -p "$CACHE"

remove() {
    if (( DRY_RUN )); then
        log "would remove $1"
    else
        rm -f -- "$1"
    fi
}

# Current content keys for every ticket (md5 of the JSON, used as the file name).
KEYS="$(find "$TICKETS" -maxdepth 1 -name '*.json' -print0 | python3 -c '
import hashlib, sys
paths = [p for p in sys.stdin.buffer.read().split(b"\0") if p]
for p in paths:
    with open(p, "rb") as fh:
        print(hashlib.md5(fh.read()).hexdigest())
')"
KEY_COUNT=$(printf '%s\n' "$KEYS" | grep -c . || true)
log "indexed $KEY_COUNT tickets"

stale=0
old=0
for entry in "$CACHE"/*.pdf; do
    [[ -e "$entry" ]] || continue
    key="$(basename "$entry" .pdf)"
    if ! grep -qx "$key" <<< "$KEYS"; then
        remove "$entry"
        stale=$((stale + 1))
    fi
done

while IFS= read -r -d '' entry; do
    remove "$entry"
    old=$((old + 1))
done < <(find "$CACHE" -maxdepth 1 -name '*.pdf' -mtime +"$RETAIN_DAYS" -print0)

if [[ -d "$BUILD" ]]; then
    if (( DRY_RUN )); then
        log "would clear $BUILD"
    else
        rm -rf -- "${BUILD:?}"/*
    fi
fi

USED="$(du -sh "$CACHE" 2>/dev/null | cut -f1)"
log "removed $stale stale and $old expired entries; cache now $USED"
