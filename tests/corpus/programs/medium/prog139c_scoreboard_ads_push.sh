#!/bin/sh
# Push the weekly sponsor slides to the scoreboard's content player.
#
# Marketing drops PNG/MP4 files into ./slides. This script checks sizes,
# builds a playlist, uploads everything to the content player over FTP (the
# only upload method the player firmware supports) and tells the player's
# web API to reload its playlist.
#
# Needs SB_FTP_USER / SB_FTP_PASS in the environment.

set -eu

PLAYER_HOST="${PLAYER_HOST:-198.51.100.25}"
PLAYER_API="https://${PLAYER_HOST}:8443/api/playlist/reload"
SLIDES_DIR="${SLIDES_DIR:-./slides}"
STAGE="/tmp/scoreboard_push"
PLAYLIST="$STAGE/playlist.m3u"
MAX_BYTES=$((50 * 1024 * 1024))
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-d slides_dir]" >&2
    exit 2
}

while getopts "nd:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) SLIDES_DIR="$OPTARG" ;;
        *) usage ;;
    esac
done

log() { echo "$(date '+%H:%M:%S') $*"; }

check_env() {
    : "${SB_FTP_USER:?SB_FTP_USER not set}"
    : "${SB_FTP_PASS:?SB_FTP_PASS not set}"
    [ -d "$SLIDES_DIR" ] || { log "no slides dir $SLIDES_DIR"; exit 1; }
}

stage_slides() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    : > "$PLAYLIST"
    count=0
    for f in "$SLIDES_DIR"/*.png "$SLIDES_DIR"/*.mp4; do
        [ -f "$f" ] || continue
        size=$(wc -c < "$f")
        if [ "$size" -gt "$MAX_BYTES" ]; then
            log "skipping $(basename "$f"): too large for the player"
            continue
        fi
        cp "$f" "$STAGE/"
        basename "$f" >> "$PLAYLIST"
        count=$((count + 1))
    done
    log "staged $count slide(s)"
    [ "$count" -gt 0 ]
}

upload() {
    for f in "$STAGE"/*; do
        name=$(basename "$f")
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would upload $name"
            continue
        fi
        curl -s --fail -T "$f" "ftp://${PLAYER_HOST}/content/${name}" \
            --user "${SB_FTP_USER}:${SB_FTP_PASS}" || { log "upload of $name failed"; return 1; }
        log "uploaded $name"
    done
}

reload_player() {
    [ "$DRY_RUN" -eq 1 ] && { log "would reload playlist"; return 0; }
    # player ships with a self-signed certificate
    if curl -sk --fail -X POST "$PLAYER_API" -H "Content-Type: text/plain" \
        --data-binary "@$PLAYLIST" >/dev/null; then
        log "player reloaded"
    else
        log "reload request failed; power-cycle the player"
    fi
}

check_env
if stage_slides; then
    upload
    reload_player
else
    log "nothing to push"
fi
