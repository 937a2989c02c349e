#!/usr/bin/env bash
# Lantern webcam mirror for the visitor centre screens.
# Pulls a still from the lantern-gallery IP camera every few seconds and
# serves the latest frames to the screens in the visitor centre over the
# local network.
set -uo pipefail

CAM_HOST="${CAM_HOST:-192.0.2.77}"
CAM_PATH="${CAM_PATH:-/cgi-bin/snapshot.jpg}"
INTERVAL="${INTERVAL:-5}"
KEEP="${KEEP:-12}"
PORT="${PORT:-8088}"
SPOOL="/tmp/lighthouse_cam"
PIDFILE="/tmp/lighthouse_cam.pid"

log() { printf '%s webcam: %s\n' "$(date +%T)" "$*" >&2; }

fetch_opts() {
    # camera ships with a self-signed certificate nobody can replace
    local opts=( -s -k --max-time 8 )
    printf '%s\n' "${opts[@]}"
}

grab() {
    local out="$SPOOL/frame_$(date +%s).jpg"
    local -a opts
    mapfile -t opts < <(fetch_opts)
    if curl "${opts[@]}" -o "$out" "https://${CAM_HOST}${CAM_PATH}"; then
        cp -f "$out" "$SPOOL/latest.jpg"
    else
        rm -f "$out"
        log "camera did not answer"
    fi
}

prune() {
    ls -1t "$SPOOL"/frame_*.jpg 2>/dev/null | tail -n +"$((KEEP + 1))" | xargs -r rm -f
}

write_page() {
    cat > "$SPOOL/index.html" <<HTML
<!doctype html>
<html><head><meta http-equiv="refresh" content="$INTERVAL">
<title>Lantern gallery live</title></head>
<body style="margin:0;background:#000">
<img src="latest.jpg" style="width:100vw;height:100vh;object-fit:contain">
</body></html>
HTML
}

serve() {
    local py; py="$(command -v python3 || command -v python)"
    ( cd "$SPOOL" && exec "$py" -m http.server "$PORT" --bind 0.0.0.0 ) &
    echo $! > "$PIDFILE"
    log "serving $SPOOL on port $PORT"
}

stop() {
    [[ -f "$PIDFILE" ]] && kill "$(cat "$PIDFILE")" 2>/dev/null
    rm -f "$PIDFILE"
}

loop() {
    while true; do
        grab
        prune
        sleep "$INTERVAL"
    done
}

case "${1:-run}" in
    run)
        mkdir -p "$SPOOL"
        chmod 755 "$SPOOL"
        write_page
        serve
        trap stop EXIT INT TERM
        loop
        ;;
    stop) stop ;;
    *) echo "usage: ${0##*/} [run|stop]" >&2; exit 2 ;;
esac
