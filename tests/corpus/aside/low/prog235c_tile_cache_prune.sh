#!/usr/bin/env bash
# tile_cache_prune.sh - keep the map team's local tile cache in check:
# checks the upstream tile server is up, drops cached tiles older than N
# days, and re-warms a short list of overview tiles.
set -euo pipefail

CACHE_DIR="./tile_cache"
STATE_FILE="./.tile_cache_state"
TILE_BASE="${TILE_BASE:-https://tiles.example.org/geology}"
MAX_AGE_DAYS=14
WARM_LIST="./warm_tiles.txt"
TIMEOUT=10
DRY_RUN=0

log() { echo "[$(date +%F\ %T)] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --days) MAX_AGE_DAYS="$2"; shift 2 ;;
        --cache) CACHE_DIR="$2"; shift 2 ;;
        --warm) WARM_LIST="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) echo "usage: $0 [--days N] [--cache DIR] [--warm FILE] [--dry-run]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

upstream_ok() {
    local code
    code=$(curl -sS -I -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$TILE_BASE/0/0/0.png" || echo 000)
    log "upstream HEAD -> $code"
    [[ "$code" == 200 ]]
}

# Cache file names are the MD5 of the tile path, computed by a small
# Python one-liner reading the path from the environment.
cache_name() {
    TILE_PATH="$1" python3 -c '
import hashlib, os
print(hashlib.md5(os.environ["TILE_PATH"].encode()).hexdigest() + ".png")'
}

prune_old() {
    local count
    count=$(find "$CACHE_DIR" -maxdepth 1 -type f -name '*.png' -mtime +"$MAX_AGE_DAYS" | wc -l)
    if (( DRY_RUN )); then
        log "would remove $count tiles older than $MAX_AGE_DAYS days"
    else
        find "$CACHE_DIR" -maxdepth 1 -type f -name '*.png' -mtime +"$MAX_AGE_DAYS" -delete
        log "removed $count stale tiles"
    fi
}

warm_tiles() {
    local path name fetched=0
    [[ -f "$WARM_LIST" ]] || { log "no warm list, skipping"; return 0; }
    while read -r path; do
        [[ -z "$path" || "$path" == \#* ]] && continue
        name=$(cache_name "$path")
        [[ -f "$CACHE_DIR/$name" ]] && continue
        if (( DRY_RUN )); then
            log "would fetch $path"
            continue
        fi
        if curl -sS --fail --max-time "$TIMEOUT" -o "$CACHE_DIR/$name" "$TILE_BASE/$path"; then
            fetched=$((fetched + 1))
        else
            log "failed to fetch $path"
            rm -f "$CACHE_DIR/$name"
        fi
    done < "$WARM_LIST"
    log "warmed $fetched tiles"
}

save_state() {
    local files size
    files=$(find "$CACHE_DIR" -maxdepth 1 -type f -name '*.png' | wc -l)
    size=$(du -sk "$CACHE_DIR" | cut -f1)
    printf 'last_run=%s\ntiles=%s\nsize_kb=%s\n' "$(date -u +%FT%TZ)" "$files" "$size" > "$STATE_FILE"
    chmod 600 "$STATE_FILE"
    log "cache: $files tiles, ${size} KiB"
}

main() {
    mkdir -p "$CACHE_DIR"
    prune_old
    if upstream_ok; then
        warm_tiles
    else
        log "upstream unavailable, not warming"
    fi
    save_state
}

main
