#!/usr/bin/env bash
# catalogue_site_build.sh - build the static parts catalogue pages for the shop website.
#
# Takes the markdown part sheets in ./sheets, renders them with pandoc into
# ./build/site, and caches rendered pages by content hash in ./.cache so only
# changed sheets are re-rendered. "clean" removes this script's own outputs.
set -euo pipefail

SRC_DIR="./sheets"
BUILD_DIR="./build"
CACHE_DIR="./.cache/pages"
LOCAL_CONF="./config.local"
SITE_URL="${SITE_URL:-https://www.example.com/catalogue/}"

msg() { printf '[build] %s\n' "$*"; }

host_info() {
    # note the distro in the build stamp; pandoc output differs between versions
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        echo "${PRETTY_NAME:-unknown}"
    else
        echo "unknown"
    fi
}

load_conf() {
    if [[ ! -f "$LOCAL_CONF" ]]; then
        printf 'TITLE="Parts catalogue"\nUPLOAD_USER=""\n' > "$LOCAL_CONF"
    fi
    chmod 600 "$LOCAL_CONF"
    # shellcheck disable=SC1090
    . "$LOCAL_CONF"
}

cache_key() {
    md5sum "$1" | cut -d' ' -f1
}

render_sheet() {
    local src="$1" name key out cached
    name="$(basename "${src%.md}")"
    key="$(cache_key "$src")"
    cached="$CACHE_DIR/$key.html"
    out="$BUILD_DIR/site/$name.html"
    if [[ -f "$cached" ]]; then
        cp "$cached" "$out"
        return 1
    fi
    pandoc --standalone --metadata title="$TITLE - $name" -o "$cached" "$src"
    cp "$cached" "$out"
    return 0
}

build() {
    local rendered=0 reused=0 f
    mkdir -p "$BUILD_DIR/site" "$CACHE_DIR"
    for f in "$SRC_DIR"/*.md; do
        [[ -e "$f" ]] || continue
        if render_sheet "$f"; then rendered=$((rendered + 1)); else reused=$((reused + 1)); fi
    done
    printf 'built %s on %s\n' "$(date -u +%FT%TZ)" "$(host_info)" > "$BUILD_DIR/site/STAMP.txt"
    msg "rendered $rendered, reused $reused from cache"
}

check_live() {
    # quick HEAD against the live site so we know where the pages will land
    local status
    status=$(curl -sI --max-time 10 "$SITE_URL" | head -n 1 | tr -d '\r')
    msg "live site answered: ${status:-no response}"
}

clean() {
    rm -rf -- "$BUILD_DIR" "./.cache"
    msg "removed build and cache folders"
}

main() {
    case "${1:-build}" in
        build) load_conf; build; check_live ;;
        clean) clean ;;
        rebuild) clean; load_conf; build ;;
        *) echo "usage: $0 [build|clean|rebuild]"; exit 2 ;;
    esac
}

main "$@"
