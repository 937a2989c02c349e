#!/usr/bin/env bash
# menu_board_fetch.sh - pull the latest menu bundle for the shop's TV boards
#
# Head office publishes one bundle per shop (menu.json + item photos + a
# manifest of sha256 sums).  We download into ./staging, check every file
# against the manifest and only then swap ./current over, so the boards never
# show a half-downloaded menu at 11pm when the kebab prices change.
#
# usage: menu_board_fetch.sh [-c board.conf] [-f] [-q]

set -euo pipefail

CONF="board.conf"
FORCE=0
QUIET=0

CMS_URL="https://cms.grillhouse-menus.example.com"
SHOP_ID=""
BOARD_DIR="$(pwd)/boards"

log() {
    [ "$QUIET" -eq 1 ] && return 0
    printf '%s [menu] %s\n' "$(date '+%F %T')" "$*"
}

die() {
    printf 'menu_board_fetch: %s\n' "$*" >&2
    exit 1
}

while getopts "c:fqh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        f) FORCE=1 ;;
        q) QUIET=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

conf_get() {
    # conf_get KEY DEFAULT - plain KEY=value lines, no shell evaluation
    local v
    v="$(grep -E "^$1=" "$CONF" 2>/dev/null | tail -n1 | cut -d= -f2- | tr -d '"')"
    printf '%s' "${v:-$2}"
}

if [ -f "$CONF" ]; then
    CMS_URL="$(conf_get CMS_URL "$CMS_URL")"
    SHOP_ID="$(conf_get SHOP_ID "$SHOP_ID")"
    BOARD_DIR="$(conf_get BOARD_DIR "$BOARD_DIR")"
fi
[ -n "$SHOP_ID" ] || die "SHOP_ID not set (put it in $CONF)"
command -v jq >/dev/null || die "jq is required"

STAGING="$BOARD_DIR/staging"
CURRENT="$BOARD_DIR/current"
mkdir -p "$STAGING" "$CURRENT"

fetch() {
    # fetch <remote path> <local file>
    local tries=0
    until curl -fsS --max-time 30 -o "$2" "$CMS_URL/shops/$SHOP_ID/$1"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && return 1
        log "retrying $1 ($tries)"
        sleep $((tries * 5))
    done
}

remote_version() {
    curl -fsS --max-time 15 "$CMS_URL/shops/$SHOP_ID/version" | tr -d '[:space:]'
}

local_version() {
    [ -f "$CURRENT/VERSION" ] && cat "$CURRENT/VERSION" || echo none
}

main() {
    local rv lv
    rv="$(remote_version)" || die "could not reach CMS"
    lv="$(local_version)"
    if [ "$rv" = "$lv" ] && [ "$FORCE" -eq 0 ]; then
        log "menu already at $lv"
        return 0
    fi
    log "updating menu $lv -> $rv"

    rm -rf "${STAGING:?}"/*
    fetch manifest.json "$STAGING/manifest.json" || die "manifest download failed"
    fetch menu.json "$STAGING/menu.json" || die "menu download failed"

    mkdir -p "$STAGING/img"
    jq -r '.images[]' "$STAGING/menu.json" | while read -r img; do
        fetch "img/$img" "$STAGING/img/$img" || log "missing image $img"
    done

    (
        cd "$STAGING"
        jq -r '.files | to_entries[] | "\(.value)  \(.key)"' manifest.json > SHA256SUMS
        sha256sum --quiet -c SHA256SUMS
    ) || die "checksum mismatch, keeping current menu"

    local items
    items="$(jq '.sections | map(.items | length) | add' "$STAGING/menu.json")"
    [ "${items:-0}" -gt 0 ] || die "menu has no items, refusing to publish"

    echo "$rv" > "$STAGING/VERSION"
    rm -rf "$BOARD_DIR/previous"
    mv "$CURRENT" "$BOARD_DIR/previous"
    mv "$STAGING" "$CURRENT"
    mkdir -p "$STAGING"
    log "published $items items, version $rv"
}

main "$@"
