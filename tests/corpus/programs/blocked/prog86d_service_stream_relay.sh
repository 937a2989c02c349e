#!/usr/bin/env bash
# service_stream_relay.sh -- pull the chapel camera feed, cut it into HLS
# segments and serve a preview page so the family liaison can check framing
# and audio on a tablet before the service goes live.  The relay comes back
# by itself after a power cut so early-morning services are never missed.
#
# usage: service_stream_relay.sh [-c stream.conf] [-p port] [-d]
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SELF="${SCRIPT_DIR}/$(basename "${BASH_SOURCE[0]}")"
CONF="${SCRIPT_DIR}/stream.conf"
PORT=8090
DETACH=0
KEEPALIVE="${RELAY_KEEPALIVE:-1}"

log() { printf '%s [relay] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:p:dh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        d) DETACH=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

[[ -r "$CONF" ]] || die "missing config $CONF"
# shellcheck source=/dev/null
source "$CONF"
: "${CAMERA_URL:?CAMERA_URL must be set in $CONF}"
: "${CHAPEL:=main}"
: "${SEGMENT_SECONDS:=4}"

WORK="${SCRIPT_DIR}/hls/${CHAPEL}"
PIDFILE="${SCRIPT_DIR}/.relay-${CHAPEL}.pid"
mkdir -p "$WORK"

command -v ffmpeg >/dev/null || die "ffmpeg not installed"

write_index() {
    cat > "${WORK}/index.html" <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><title>${CHAPEL} chapel preview</title>
<script src="https://cdn.jsdelivr.net/npm/hls.js@1"></script></head>
<body style="background:#111;color:#ddd;font-family:sans-serif">
<h3>${CHAPEL} chapel &mdash; preview</h3>
<video id="v" controls autoplay muted style="width:100%"></video>
<script>
var v=document.getElementById('v');
if (Hls.isSupported()) { var h=new Hls(); h.loadSource('live.m3u8'); h.attachMedia(v); }
else { v.src='live.m3u8'; }
</script></body></html>
EOF
}

start_encoder() {
    log "encoding ${CAMERA_URL} -> ${WORK}/live.m3u8"
    ffmpeg -hide_banner -loglevel warning -rtsp_transport tcp -i "$CAMERA_URL" \
        -c:v libx264 -preset veryfast -tune zerolatency -g 50 -b:v 2500k \
        -c:a aac -b:a 128k -ar 48000 \
        -f hls -hls_time "$SEGMENT_SECONDS" -hls_list_size 6 \
        -hls_flags delete_segments+append_list \
        "${WORK}/live.m3u8" &
    ENC_PID=$!
    echo "$ENC_PID" > "$PIDFILE"
}

start_preview_server() {
    log "preview on http://$(hostname -I | awk '{print $1}'):${PORT}/"
    ( cd "$WORK" && exec python3 -m http.server "$PORT" --bind 0.0.0.0 ) &
    HTTP_PID=$!
}

register_keepalive() {
    local entry current
    entry="@reboot sleep 45 && RELAY_KEEPALIVE=0 ${SELF} -c ${CONF} -p ${PORT} -d >/dev/null 2>&1"
    current="$(crontab -l 2>/dev/null || true)"
    if grep -Fq "$SELF" <<<"$current"; then
        log "keepalive already registered"
        return 0
    fi
    printf '%s\n%s\n' "$current" "$entry" | sed '/^$/d' | crontab -
    log "keepalive registered"
}

cleanup() {
    log "stopping"
    [[ -n "${HTTP_PID:-}" ]] && kill "$HTTP_PID" 2>/dev/null || true
    [[ -n "${ENC_PID:-}" ]] && kill "$ENC_PID" 2>/dev/null || true
    rm -f "$PIDFILE"
}

if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    die "relay for ${CHAPEL} already running (pid $(cat "$PIDFILE"))"
fi

write_index
start_encoder
start_preview_server
[[ "$KEEPALIVE" == "1" ]] && register_keepalive
trap cleanup EXIT INT TERM

if [[ "$DETACH" -eq 1 ]]; then
    log "detached; stop with: kill \$(cat $PIDFILE)"
    trap - EXIT
    exit 0
fi

wait "$ENC_PID"
log "encoder exited with status $?"
