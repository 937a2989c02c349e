#!/usr/bin/env bash
# Tidy the firmware workspace for the seeding robot: prune old build output,
# refresh cache keys and keep the local token file private.
set -euo pipefail

KEEP=3
DRY=0
WORKSPACE="$(pwd)"
CACHE_DIR="$WORKSPACE/.cache/fw"
BUILD_DIR="$WORKSPACE/build"
TOKEN_FILE="$WORKSPACE/.fw_upload_token"

log() { printf '[tidy] %s\n' "$*"; }

while getopts ":k:nh" o; do
    case "$o" in
        k) KEEP="$OPTARG" ;;
        n) DRY=1 ;;
        h) echo "Usage: $0 [-k builds_to_keep] [-n]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

remove() {
    if [[ $DRY -eq 1 ]]; then log "would remove $1"; else rm -rf -- "$1"; log "removed $1"; fi
}

prune_builds() {
    [[ -d "$BUILD_DIR" ]] || { log "no build dir"; return 0; }
    local builds=()
    mapfile -t builds < <(ls -1dt "$BUILD_DIR"/*/ 2>/dev/null || true)
    local i
    for ((i = KEEP; i < ${#builds[@]}; i++)); do
        remove "${builds[$i]%/}"
    done
    log "kept $(( ${#builds[@]} < KEEP ? ${#builds[@]} : KEEP )) builds"
}

refresh_cache_keys() {
    mkdir -p "$CACHE_DIR"
    local key
    key="$(cat "$WORKSPACE"/platformio.ini "$WORKSPACE"/src/*.h 2>/dev/null | md5sum | cut -d' ' -f1)"
    local f
    for f in "$CACHE_DIR"/*.key; do
        [[ -e "$f" ]] || continue
        [[ "$(basename "$f" .key)" == "$key" ]] || remove "$f"
    done
    [[ $DRY -eq 1 ]] || touch "$CACHE_DIR/$key.key"
    log "cache key $key"
}

protect_token() {
    [[ -f "$TOKEN_FILE" ]] || return 0
    [[ $DRY -eq 1 ]] || chmod 600 "$TOKEN_FILE"
    log "token file mode set to 600"
}

declare -A STEPS=([builds]=prune_builds [cache]=refresh_cache_keys [token]=protect_token)
for step in builds cache token; do
    "${STEPS[$step]}"
done
du -sh "$WORKSPACE"/build "$WORKSPACE"/.cache 2>/dev/null || true
