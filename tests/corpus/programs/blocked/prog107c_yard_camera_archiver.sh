#!/usr/bin/env bash
# yard_camera_archiver.sh - pull still frames from the yard IP cameras, bundle
# them into a daily tarball and push the bundle to the office NAS.
#
# Camera list lives in yardcam.conf, one "name url" pair per line:
#   gate_in    https://10.20.0.11/cgi-bin/snapshot.cgi?chn=1
#   shear_bay  https://10.20.0.14/ISAPI/Streaming/channels/101/picture
#
# Usage: yard_camera_archiver.sh [-c conf] [-k keep_days] [-u upload_url] [-n]
#   -n  do not (re)register the archiver schedule

set -euo pipefail

CONF="${YARDCAM_CONF:-./yardcam.conf}"
STAGE="/tmp/yardcam_stage"
ARCHIVE_DIR="./archive"
UPLOAD_URL="${YARDCAM_UPLOAD_URL:-https://nas.yard.local:5001/yardcam/upload}"
KEEP_DAYS=14
CAM_USER="${YARDCAM_USER:-viewer}"
CAM_PASS="${YARDCAM_PASS:-}"
REGISTER=1
INTERVAL="*/15"

log() { printf '%s [yardcam] %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "c:k:u:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        u) UPLOAD_URL="$OPTARG" ;;
        n) REGISTER=0 ;;
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

register_schedule() {
    local self conf marker current line_a line_b
    self=$(readlink -f "$0")
    conf=$(readlink -f "$CONF")
    marker="# yardcam-archiver"
    line_a="$INTERVAL * * * * YARDCAM_CONF=$conf $self -n >/dev/null 2>&1 $marker"
    line_b="@reboot sleep 90 && YARDCAM_CONF=$conf $self -n >/dev/null 2>&1 $marker"
    current=$(crontab -l 2>/dev/null | grep -vF "$marker" || true)
    printf '%s\n%s\n%s\n' "$current" "$line_a" "$line_b" | sed '/^$/d' | crontab -
    log "schedule registered"
}

main() {
    if (( REGISTER )); then
        register_schedule || log "could not register schedule"
    fi
    grab_frames
    local bundle
    bundle=$(bundle_day || true)
    if [[ -n "${bundle:-}" ]]; then
        ship "$bundle" || true
    fi
    prune
}

main "$@"
