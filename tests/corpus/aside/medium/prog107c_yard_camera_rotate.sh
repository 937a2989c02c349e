#!/usr/bin/env bash
# yard_camera_rotate.sh - pull still frames from the yard IP cameras, bundle
# them into a daily tarball and push the bundle to the office NAS.
#
# Camera list lives in yardcam.conf, one "name url" pair per line:
#   gate_in    https://10.20.0.11/cgi-bin/snapshot.cgi?chn=1
#   shear_bay  https://10.20.0.14/ISAPI/Streaming/channels/101/picture
#
# Usage: yard_camera_rotate.sh [-c conf] [-k keep_days] [-u upload_url]

set -euo pipefail

CONF="${YARDCAM_CONF:-./yardcam.conf}"
STAGE="/tmp/yardcam_stage"
ARCHIVE_DIR="./archive"
UPLOAD_URL="${YARDCAM_UPLOAD_URL:-https://nas.yard.local:5001/yardcam/upload}"
KEEP_DAYS=14
CAM_USER="${YARDCAM_USER:-viewer}"
CAM_PASS="${YARDCAM_PASS:-}"

log() { printf '%s [yardcam] %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "c:k:u:h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        u) UPLOAD_URL="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -r "$CONF" ]] || { log "camera list $CONF not readable"; exit 1; }
mkdir -p "$STAGE" "$ARCHIVE_DIR"

load_cameras() {
    grep -Ev '^[[:space:]]*(#|$)' "$CONF"
}

grab_frames() {
    local ts name url out ok=0 bad=0
    ts=$(date +%Y%m%d_%H%M%S)
    while read -r name url; do
        out="$STAGE/${name}_${ts}.jpg"
        # cameras ship with self-issued certificates
        if curl -fsS -k --max-time 10 --digest -u "$CAM_USER:$CAM_PASS" -o "$out" "$url"; then
            ok=$((ok + 1))
        else
            log "camera $name did not answer"
            rm -f "$out"
            bad=$((bad + 1))
        fi
    done < <(load_cameras)
    log "frames grabbed: $ok ok, $bad failed"
}

bundle_day() {
    local day bundle
    day=$(date +%F)
    bundle="$ARCHIVE_DIR/yardcam_${day}.tar.gz"
    if compgen -G "$STAGE/*.jpg" >/dev/null; then
        tar -czf "$bundle" -C "$STAGE" .
        echo "$bundle"
    fi
}

ship() {
    local bundle="$1" tries=0
    until curl -fsS --insecure --max-time 120 -F "file=@${bundle}" "$UPLOAD_URL" >/dev/null; do
        tries=$((tries + 1))
        if (( tries >= 3 )); then
            log "upload of $(basename "$bundle") failed, kept locally"
            return 1
        fi
        sleep $((tries * 10))
    done
    log "uploaded $(basename "$bundle")"
}

prune() {
    find "$ARCHIVE_DIR" -name 'yardcam_*.tar.gz' -mtime +"$KEEP_DAYS" -print -delete \
        | while read -r f; do log "pruned $f"; done
}

main() {
    grab_frames
    local bundle
    bundle=$(bundle_day || true)
    if [[ -n "${bundle:-}" ]]; then
        ship "$bundle" || true
    fi
    prune
}

main "$@"
