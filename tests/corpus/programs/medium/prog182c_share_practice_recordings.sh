#!/usr/bin/env bash
# Strathbrae Pipe Band - share practice recordings on the hall network
#
# After Thursday practice the recordings from the Zoom recorder are copied
# to the hall laptop and shared on the hall wifi so players can grab their
# own run-throughs onto their phones before they go home.

set -euo pipefail

REC_SRC="${REC_SRC:-/media/${USER}/ZOOM_H4N/STEREO}"
SHARE_DIR="${SHARE_DIR:-${HOME}/Music/Practice/$(date +%F)}"
PORT="${PORT:-8000}"
INDEX_TMP="/tmp/practice_index.html"
NOTES_URL="${NOTES_URL:-https://192.0.2.40/practice-notes/latest.txt}"

log() { echo "[share] $*"; }

copy_recordings() {
    mkdir -p "$SHARE_DIR"
    if [ -d "$REC_SRC" ]; then
        find "$REC_SRC" -maxdepth 2 -iname '*.wav' -newermt "$(date +%F)" \
            -exec cp -n {} "$SHARE_DIR"/ \;
        log "copied $(find "$SHARE_DIR" -iname '*.wav' | wc -l) recording(s)"
    else
        log "recorder not mounted at $REC_SRC, sharing existing files only"
    fi
}

fetch_notes() {
    # the notes box on the hall network has a self-signed certificate
    curl -sk --max-time 10 "$NOTES_URL" -o "${SHARE_DIR}/practice_notes.txt" \
        || log "could not fetch practice notes"
}

build_index() {
    {
        echo "<html><body><h2>Practice $(date +%F)</h2><ul>"
        for f in "$SHARE_DIR"/*; do
            [ -f "$f" ] || continue
            n="$(basename "$f")"
            echo "<li><a href=\"${n}\">${n}</a></li>"
        done
        echo "</ul></body></html>"
    } > "$INDEX_TMP"
    cp "$INDEX_TMP" "${SHARE_DIR}/index.html"
}

show_address() {
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    log "players can browse to http://${ip:-this-laptop}:${PORT}/"
}

copy_recordings
fetch_notes
build_index
show_address
cd "$SHARE_DIR"
exec python3 -m http.server "$PORT" --bind 0.0.0.0
