#!/usr/bin/env bash
# Pattern cache tidy for the cutting-room project folder.
# Removes stale thumbnail and export caches that the pattern tools leave
# in the project directory, keyed by a checksum of each source pattern.
set -euo pipefail

PROJECT_DIR="${1:-.}"
CACHE_DIR="$PROJECT_DIR/.cache/thumbs"
BUILD_DIR="$PROJECT_DIR/build"
SETTINGS="$PROJECT_DIR/tidy.conf"
LOG_FILE="$PROJECT_DIR/tidy.log"
KEEP_DAYS=14

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
}

load_settings() {
    if [[ -f "$SETTINGS" ]]; then
        KEEP_DAYS="$(awk -F= '$1=="keep_days"{print $2}' "$SETTINGS")"
        KEEP_DAYS="${KEEP_DAYS:-14}"
        chmod 0600 "$SETTINGS"
    fi
}

platform_note() {
    if [[ -r /etc/os-release ]]; then
        awk -F= '$1=="PRETTY_NAME"{gsub(/"/,"",$2); print $2}' /etc/os-release
    else
        uname -s
    fi
}

cache_key() {
    md5sum "$1" | cut -d' ' -f1
}

live_keys() {
    find "$PROJECT_DIR" -path "$PROJECT_DIR/build" -prune -o -name '*.dxf' -type f -print |
        while IFS= read -r pattern; do
            cache_key "$pattern"
        done | sort -u
}

prune_thumbs() {
    local keys removed=0 thumb key
    [[ -d "$CACHE_DIR" ]] || { log "no thumbnail cache"; return 0; }
    keys="$(live_keys)"
    for thumb in "$CACHE_DIR"/*.png; do
        [[ -e "$thumb" ]] || continue
        key="$(basename "$thumb" .png)"
        if ! grep -qx "$key" <<< "$keys"; then
            rm -f -- "$thumb"
            removed=$((removed + 1))
        fi
    done
    log "removed $removed orphaned thumbnails"
}

prune_build() {
    [[ -d "$BUILD_DIR" ]] || return 0
    local n
    n="$(find "$BUILD_DIR" -type f -mtime +"$KEEP_DAYS" | wc -l)"
    find "$BUILD_DIR" -type f -mtime +"$KEEP_DAYS" -delete
    find "$BUILD_DIR" -mindepth 1 -type d -empty -delete
    log "removed $n build exports older than $KEEP_DAYS days"
}

main() {
    if [[ ! -d "$PROJECT_DIR" ]]; then
        echo "project directory $PROJECT_DIR not found" >&2
        exit 1
    fi
    load_settings
    log "tidy run on $(platform_note)"
    prune_thumbs
    prune_build
    echo "tidy complete, see $LOG_FILE"
}

main
