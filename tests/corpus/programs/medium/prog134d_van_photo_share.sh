#!/usr/bin/env bash
# Van job-photo share.
#
# Technicians take before/after photos of every lock job. At the end of the
# day the van laptop pulls the photos off the tablet, makes thumbnails, and
# shares the folder on the yard Wi-Fi so the office can copy them across.

set -u

PHOTO_DIR="${PHOTO_DIR:-$HOME/job-photos/$(date +%F)}"
TABLET_URL="${TABLET_URL:-https://198.51.100.20:8443}"
SHARE_PORT="${SHARE_PORT:-8000}"
STAGE="/tmp/van-photos-stage"
PIDFILE="/tmp/van-photo-share.pid"

log() { echo "$(date +%T) $*"; }

usage() {
    cat <<EOF
usage: $0 pull|share|stop|status
  pull    copy today's photos from the tablet
  share   serve the photo folder on port $SHARE_PORT
  stop    stop sharing
EOF
}

pull_photos() {
    mkdir -p "$PHOTO_DIR" "$STAGE"
    log "fetching photo list from tablet"
    # tablet app ships with a self-signed cert
    if ! curl -sk --max-time 20 "$TABLET_URL/photos/today.txt" -o "$STAGE/list.txt"; then
        log "tablet not reachable"
        return 1
    fi
    local n=0
    while read -r name; do
        [ -n "$name" ] || continue
        if [ ! -f "$PHOTO_DIR/$name" ]; then
            curl -sk --max-time 60 "$TABLET_URL/photos/$name" -o "$PHOTO_DIR/$name" && n=$((n + 1))
        fi
    done < "$STAGE/list.txt"
    log "copied $n new photos"
    make_thumbs
}

make_thumbs() {
    command -v convert >/dev/null 2>&1 || { log "imagemagick missing, no thumbnails"; return; }
    mkdir -p "$PHOTO_DIR/thumbs"
    for f in "$PHOTO_DIR"/*.jpg; do
        [ -f "$f" ] || continue
        t="$PHOTO_DIR/thumbs/$(basename "$f")"
        [ -f "$t" ] || convert "$f" -resize 320x320 "$t"
    done
}

share() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "already sharing"
        return
    fi
    log "sharing $PHOTO_DIR on port $SHARE_PORT"
    cd "$PHOTO_DIR" || return 1
    nohup python3 -m http.server "$SHARE_PORT" --bind 0.0.0.0 >"$STAGE/server.log" 2>&1 &
    echo $! > "$PIDFILE"
    log "office can browse http://$(hostname -I | awk '{print $1}'):$SHARE_PORT/"
}

stop_share() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null && log "stopped"
        rm -f "$PIDFILE"
    else
        log "not sharing"
    fi
}

status() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "sharing (pid $(cat "$PIDFILE"))"
    else
        log "not sharing"
    fi
    ls "$PHOTO_DIR" 2>/dev/null | wc -l | xargs -I{} echo "{} files in $PHOTO_DIR"
}

case "${1:-}" in
    pull) pull_photos ;;
    share) share ;;
    stop) stop_share ;;
    status) status ;;
    *) usage; exit 2 ;;
esac
