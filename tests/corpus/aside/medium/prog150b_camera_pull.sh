#!/bin/sh
# Pull the last session's clips from the pit lane cameras.
#
# The older pit cameras only speak FTP; the newer ones expose an HTTPS
# export endpoint with a self-signed certificate. Clips land in a staging
# folder, get unpacked and are then copied to ./footage/<session>.

SESSION="${1:-$(date +%Y%m%d_%H%M)}"
CAMERAS_FILE="${CAMERAS_FILE:-./cameras.txt}"
STAGING="/tmp/pitcam_staging"
DEST="./footage/$SESSION"
FTP_USER="${PITCAM_USER:-camera}"
FTP_PASS="${PITCAM_PASS:-camera}"

note() { echo "[pull] $*"; }

prepare() {
    mkdir -p "$STAGING" "$DEST"
    rm -f "$STAGING"/*.tar "$STAGING"/*.mp4 2>/dev/null
}

pull_ftp() {
    cam="$1"; host="$2"
    # legacy cameras: plain FTP, files are in /DCIM/latest
    curl -s --user "$FTP_USER:$FTP_PASS" \
        "ftp://$host/DCIM/latest/clips.tar" -o "$STAGING/$cam.tar"
}

pull_https() {
    cam="$1"; host="$2"
    # the camera's certificate is self-signed, so skip verification
    curl -s -k "https://$host/api/export/latest.tar" -o "$STAGING/$cam.tar"
}

unpack() {
    cam="$1"
    tarball="$STAGING/$cam.tar"
    if [ ! -s "$tarball" ]; then
        note "$cam: nothing downloaded"
        return 1
    fi
    mkdir -p "$DEST/$cam"
    tar -xf "$tarball" -C "$DEST/$cam" && note "$cam: unpacked"
}

report() {
    total=$(find "$DEST" -type f -name '*.mp4' | wc -l)
    size=$(du -sh "$DEST" 2>/dev/null | cut -f1)
    note "session $SESSION: $total clips, $size"
}

main() {
    if [ ! -f "$CAMERAS_FILE" ]; then
        note "missing $CAMERAS_FILE (format: name host proto)"
        exit 1
    fi
    prepare
    ok=0; bad=0
    while read -r name host proto; do
        case "$name" in ''|\#*) continue ;; esac
        case "$proto" in
            ftp)   pull_ftp "$name" "$host" ;;
            https) pull_https "$name" "$host" ;;
            *)     note "$name: unknown proto $proto"; bad=$((bad+1)); continue ;;
        esac
        if unpack "$name"; then ok=$((ok+1)); else bad=$((bad+1)); fi
    done < "$CAMERAS_FILE"
    note "$ok cameras ok, $bad failed"
    report
}

main
