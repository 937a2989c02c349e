#!/usr/bin/env bash
# stream_encoder_watchdog.sh - keep the FM simulcast source connected to Icecast.
#
# Polls the Icecast status page; if our mount is missing (encoder crashed,
# soundcard hiccup, ISP blip) it kills the stale ffmpeg and starts a new one.
#
#   ./stream_encoder_watchdog.sh            # loop forever
#   ./stream_encoder_watchdog.sh --once     # single check, for testing
#
# Settings come from ./encoder.conf (shell syntax) or the environment.

set -u

CONF="${ENCODER_CONF:-./encoder.conf}"
# shellcheck disable=SC1090
[ -r "$CONF" ] && . "$CONF"

ICECAST_HOST=${ICECAST_HOST:-stream.kxrw-community.example.org}
ICECAST_PORT=${ICECAST_PORT:-8000}
MOUNT=${MOUNT:-/live.mp3}
ALSA_DEV=${ALSA_DEV:-hw:1,0}
BITRATE=${BITRATE:-128k}
SOURCE_PASS_FILE=${SOURCE_PASS_FILE:-./.icecast_source_pass}
INTERVAL=${INTERVAL:-15}
MAX_FAILS=${MAX_FAILS:-3}

PIDFILE=/tmp/kxrw-encoder.pid
STATEFILE=/tmp/kxrw-encoder.fails
LOGDIR=./logs
LOGFILE="$LOGDIR/encoder-watchdog.log"

mkdir -p "$LOGDIR"

log() { printf '%s [watchdog] %s\n' "$(date '+%F %T')" "$*" >>"$LOGFILE"; }

mount_is_live() {
    local json
    json=$(curl -fsS --max-time 5 "http://$ICECAST_HOST:$ICECAST_PORT/status-json.xsl") || return 2
    # status-json returns "source" as an object when one mount is up, list otherwise
    printf '%s' "$json" | python3 -c '
import json, sys
mount = sys.argv[1]
src = json.load(sys.stdin).get("icestats", {}).get("source") or []
if isinstance(src, dict):
    src = [src]
sys.exit(0 if any(s.get("listenurl", "").endswith(mount) for s in src) else 1)
' "$MOUNT"
}

encoder_running() {
    [ -s "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

stop_encoder() {
    if encoder_running; then
        local pid
        pid=$(cat "$PIDFILE")
        log "stopping stale encoder pid $pid"
        kill "$pid" 2>/dev/null
        sleep 2
        kill -9 "$pid" 2>/dev/null
    fi
    rm -f "$PIDFILE"
}

start_encoder() {
    if [ ! -r "$SOURCE_PASS_FILE" ]; then
        log "no source password file $SOURCE_PASS_FILE, cannot start"
        return 1
    fi
    local pass
    pass=$(<"$SOURCE_PASS_FILE")
    nohup ffmpeg -hide_banner -loglevel warning \
        -f alsa -ac 2 -ar 44100 -i "$ALSA_DEV" \
        -c:a libmp3lame -b:a "$BITRATE" \
        -content_type audio/mpeg -ice_name "KXRW Community Radio" \
        -f mp3 "icecast://source:${pass}@${ICECAST_HOST}:${ICECAST_PORT}${MOUNT}" \
        >>"$LOGDIR/ffmpeg.log" 2>&1 &
    echo $! >"$PIDFILE"
    log "started encoder pid $(cat "$PIDFILE") on $ALSA_DEV -> $MOUNT"
}

check_once() {
    local fails=0 rc
    [ -s "$STATEFILE" ] && fails=$(cat "$STATEFILE")
    mount_is_live
    rc=$?
    case $rc in
        0) fails=0 ;;
        1) fails=$((fails + 1)); log "mount $MOUNT missing ($fails/$MAX_FAILS)" ;;
        *) log "icecast status unreachable, not touching encoder"; return ;;
    esac
    if [ "$fails" -ge "$MAX_FAILS" ] || ! encoder_running; then
        stop_encoder
        start_encoder && fails=0
    fi
    echo "$fails" >"$STATEFILE"
}

main() {
    command -v ffmpeg >/dev/null || { echo "ffmpeg not found" >&2; exit 1; }
    if [ "${1:-}" = "--once" ]; then
        check_once
        exit 0
    fi
    log "watchdog up, interval ${INTERVAL}s"
    trap 'log "watchdog exiting"; exit 0' INT TERM
    while :; do
        check_once
        sleep "$INTERVAL"
    done
}

main "$@"
