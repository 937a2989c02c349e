#!/usr/bin/env bash
# recording_preview_share.sh - let presenters preview last night's recordings
# from any machine on the studio LAN without copying files around.
#
# Serves ./recordings (or -d DIR) over plain HTTP for a limited time.
#
#   -d DIR    directory to share (default ./recordings)
#   -p PORT   port (default 8088)
#   -m MINS   stop after this many minutes (default 60)
#   -k        kill a running preview server and exit

set -euo pipefail

SHARE_DIR="${PWD}/recordings"
PORT=8088
MINUTES=60
KILL_ONLY=0
PIDFILE="/tmp/recording-preview.pid"
LOGFILE="/tmp/recording-preview.log"
BIND_ADDR="$(printf '%d.%d.%d.%d' 0 0 0 0)"

log() { echo "[preview] $*" >&2; }

while getopts ":d:p:m:kh" o; do
    case "$o" in
        d) SHARE_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        m) MINUTES="$OPTARG" ;;
        k) KILL_ONLY=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

stop_server() {
    if [[ -f "$PIDFILE" ]]; then
        local pid
        pid="$(cat "$PIDFILE")"
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" && log "stopped server pid $pid"
        fi
        rm -f "$PIDFILE"
    else
        log "no preview server running"
    fi
}

lan_addresses() {
    hostname -I 2>/dev/null | tr ' ' '\n' | grep -E '^[0-9]+\.' || true
}

write_index_note() {
    local n
    n="$(find "$SHARE_DIR" -maxdepth 1 -type f \( -name '*.mp3' -o -name '*.flac' \) | wc -l)"
    log "sharing $n recording(s) from $SHARE_DIR"
}

start_server() {
    [[ -d "$SHARE_DIR" ]] || { log "$SHARE_DIR does not exist"; exit 1; }
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "already running (pid $(cat "$PIDFILE"))"
        exit 0
    fi
    write_index_note
    nohup python3 -m http.server "$PORT" \
        --bind "$BIND_ADDR" --directory "$SHARE_DIR" \
        >"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    log "server pid $(cat "$PIDFILE"), log in $LOGFILE"
    local a
    for a in $(lan_addresses); do
        log "  open http://$a:$PORT/"
    done
}

schedule_stop() {
    local secs=$((MINUTES * 60)) pid
    pid="$(cat "$PIDFILE")"
    (
        sleep "$secs"
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid"
            rm -f "$PIDFILE"
        fi
    ) >/dev/null 2>&1 &
    log "will stop automatically in $MINUTES minute(s)"
}

main() {
    if (( KILL_ONLY )); then
        stop_server
        return
    fi
    start_server
    schedule_stop
}

main
