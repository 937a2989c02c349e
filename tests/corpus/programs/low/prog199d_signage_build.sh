#!/usr/bin/env bash
# Build the static pages for the beach information signs from templates.
# Output goes to ./build; unchanged pages are skipped using a checksum cache.
set -euo pipefail

SRC_DIR="./templates"
BUILD_DIR="./build"
CACHE_FILE="./.signage_cache"
STATUS_FILE="./status.conf"
CLEAN=0

declare -A FLAG_TEXT=(
    [green]="Low hazard - calm conditions, swim with care"
    [yellow]="Medium hazard - moderate surf and currents"
    [red]="High hazard - strong surf and rip currents"
    [purple]="Dangerous marine life present"
)

note() { echo "signage: $*"; }

load_status() {
    FLAG="green"; WATER_TEMP="?"; UPDATED="$(date '+%H:%M')"
    if [[ -f "$STATUS_FILE" ]]; then
        while IFS='=' read -r k v; do
            case "$k" in
                flag) FLAG="$v" ;;
                water_temp) WATER_TEMP="$v" ;;
            esac
        done < "$STATUS_FILE"
    fi
    [[ -n "${FLAG_TEXT[$FLAG]:-}" ]] || { note "unknown flag '$FLAG', using green"; FLAG="green"; }
}

render() {
    local tpl="$1"
    sed -e "s|{{FLAG}}|${FLAG}|g" \
        -e "s|{{FLAG_TEXT}}|${FLAG_TEXT[$FLAG]}|g" \
        -e "s|{{WATER_TEMP}}|${WATER_TEMP}|g" \
        -e "s|{{UPDATED}}|${UPDATED}|g" "$tpl"
}

cache_key() {
    { cat "$1"; echo "$FLAG $WATER_TEMP"; } | md5sum | cut -d' ' -f1
}

build_all() {
    mkdir -p "$BUILD_DIR"
    touch "$CACHE_FILE"
    chmod 600 "$CACHE_FILE"
    local tpl name key built=0 skipped=0
    for tpl in "$SRC_DIR"/*.html.tpl; do
        [[ -e "$tpl" ]] || { note "no templates in $SRC_DIR"; return 1; }
        name="$(basename "${tpl%.tpl}")"
        key="$(cache_key "$tpl")"
        if grep -qx "${name} ${key}" "$CACHE_FILE" && [[ -f "${BUILD_DIR}/${name}" ]]; then
            skipped=$((skipped + 1))
            continue
        fi
        render "$tpl" > "${BUILD_DIR}/${name}"
        sed -i "/^${name} /d" "$CACHE_FILE"
        echo "${name} ${key}" >> "$CACHE_FILE"
        built=$((built + 1))
    done
    note "built ${built}, unchanged ${skipped}"
}

clean() {
    rm -rf "$BUILD_DIR" "$CACHE_FILE"
    note "removed build output and cache"
}

main() {
    while getopts ":cs:h" o; do
        case "$o" in
            c) CLEAN=1 ;;
            s) SRC_DIR="$OPTARG" ;;
            h) echo "Usage: $0 [-c] [-s template_dir]"; exit 0 ;;
            *) echo "bad option" >&2; exit 2 ;;
        esac
    done
    (( CLEAN )) && clean
    load_status
    note "flag=${FLAG} water=${WATER_TEMP}"
    build_all
}

main "$@"
