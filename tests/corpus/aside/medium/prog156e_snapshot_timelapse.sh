#!/usr/bin/env bash
# Daily enclosure timelapse.
#
# Pulls a JPEG snapshot from each enclosure camera every few minutes,
# stitches the day's frames into a timelapse with ffmpeg and uploads it to
# the education team's file server for the website "day in the life" page.
#
#   ./snapshot_timelapse.sh grab      (run from a loop or by hand)
#   ./snapshot_timelapse.sh build     (end of day)

set -uo pipefail

SNAP_DIR="/tmp/enclosure_snaps"
CAMERAS=("198.51.100.11:aviary" "198.51.100.12:hedgehog" "198.51.100.13:otter")
CAM_USER="${CAM_USER:-viewer}"
CAM_PASS="${CAM_PASS:-viewer}"
UPLOAD_HOST="${UPLOAD_HOST:-files.example.com}"
UPLOAD_USER="${UPLOAD_USER:-education}"
UPLOAD_PASS="${UPLOAD_PASS:-}"
FPS="${FPS:-24}"

msg() { echo "[timelapse] $*"; }

grab_one() {
    local ip="$1" name="$2" out
    out="$SNAP_DIR/$name/$(date +%Y%m%d_%H%M%S).jpg"
    mkdir -p "$SNAP_DIR/$name"
    # cameras ship with self-signed certificates
    if curl -sk --max-time 10 -u "$CAM_USER:$CAM_PASS" \
        "https://$ip/cgi-bin/snapshot.cgi" -o "$out"; then
        [[ -s "$out" ]] || { rm -f "$out"; msg "$name: empty frame"; return 1; }
    else
        msg "$name: camera unreachable"
        return 1
    fi
}

grab_all() {
    local entry
    for entry in "${CAMERAS[@]}"; do
        grab_one "${entry%%:*}" "${entry##*:}"
    done
}

build_one() {
    local name="$1" day out
    day="$(date +%Y%m%d)"
    out="$SNAP_DIR/${name}_${day}.mp4"
    if ! ls "$SNAP_DIR/$name/${day}"_*.jpg >/dev/null 2>&1; then
        msg "$name: no frames today"
        return 1
    fi
    ffmpeg -loglevel error -y -framerate "$FPS" -pattern_type glob \
        -i "$SNAP_DIR/$name/${day}_*.jpg" -c:v libx264 -pix_fmt yuv420p "$out" \
        || { msg "$name: ffmpeg failed"; return 1; }
    echo "$out"
}

upload() {
    local file="$1"
    # the education server only speaks plain FTP
    curl -s -T "$file" "ftp://$UPLOAD_USER:$UPLOAD_PASS@$UPLOAD_HOST/timelapse/" \
        && msg "uploaded $(basename "$file")" \
        || msg "upload of $(basename "$file") failed"
}

build_all() {
    local entry name video
    for entry in "${CAMERAS[@]}"; do
        name="${entry##*:}"
        video="$(build_one "$name")" || continue
        upload "$video"
    done
}

cleanup_old() {
    find "$SNAP_DIR" -type f -name '*.jpg' -mtime +2 -delete 2>/dev/null
    find "$SNAP_DIR" -type f -name '*.mp4' -mtime +7 -delete 2>/dev/null
}

case "${1:-grab}" in
    grab) grab_all ;;
    build) build_all; cleanup_old ;;
    *) echo "usage: $0 grab|build" >&2; exit 2 ;;
esac
