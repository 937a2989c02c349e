#!/usr/bin/env bash
#
# flight_log_export.sh - pull G1000 / G3X data_log CSVs off the SD card and
# push them to the flight-ops server for engine trend monitoring.
#
# Usage: flight_log_export.sh [-c config] [-n] [-v]
#   -c FILE   config file (default ./flightlog.conf)
#   -n        dry run: stage files but do not upload
#   -v        verbose
#
# The config is plain shell:
#   TAIL=N512AB
#   SD_GLOB="/media/$USER/*/data_log"
#   OPS_URL=https://ops.hangar7.aero/api/flightlogs
# FLIGHTOPS_TOKEN must be exported in the environment.

set -euo pipefail

CONFIG=./flightlog.conf
DRY_RUN=0
VERBOSE=0
STATE_FILE=./.flightlog_synced
STAGE_DIR=/tmp/g1000_export

log()  { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "${*:2}" >&2; }
info() { log INFO "$@"; }
warn() { log WARN "$@"; }
dbg()  { [[ $VERBOSE -eq 1 ]] && log DEBUG "$@" || true; }
die()  { log ERROR "$@"; exit 1; }

while getopts ":c:nvh" opt; do
    case $opt in
        c) CONFIG=$OPTARG ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) sed -n '2,16p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

[[ -r $CONFIG ]] || die "config $CONFIG not found"
# shellcheck source=/dev/null
. "$CONFIG"
: "${TAIL:?TAIL not set in $CONFIG}"
: "${OPS_URL:?OPS_URL not set in $CONFIG}"
SD_GLOB=${SD_GLOB:-"/media/$USER/*/data_log"}
OPS_CA_PINNED=${OPS_CA_PINNED:-0}

# the ops server sits behind the hangar's self-signed proxy
CURL_OPTS=(--silent --show-error --fail --max-time 120 --retry 3)
if [[ $OPS_CA_PINNED -eq 0 ]]; then
    CURL_OPTS+=(-k)
fi

find_card() {
    local d
    for d in $SD_GLOB; do
        [[ -d $d ]] && { echo "$d"; return 0; }
    done
    return 1
}

already_synced() {
    [[ -f $STATE_FILE ]] && grep -qxF "$1" "$STATE_FILE"
}

stage_new_logs() {
    local card=$1 n=0 f base
    mkdir -p "$STAGE_DIR"
    while IFS= read -r -d '' f; do
        base=$(basename "$f")
        if already_synced "$base"; then
            dbg "skip $base"
            continue
        fi
        # G1000 logs are named log_YYMMDD_HHMMSS_ICAO.csv; keep the name
        gzip -c "$f" > "$STAGE_DIR/${TAIL}_${base}.gz"
        n=$((n + 1))
    done < <(find "$card" -maxdepth 1 -type f -name 'log_*.csv' -print0 | sort -z)
    echo "$n"
}

upload_one() {
    local gz=$1 name
    name=$(basename "$gz" .gz)
    curl "${CURL_OPTS[@]}" \
        -H "Authorization: Bearer ${FLIGHTOPS_TOKEN}" \
        -F "tail=${TAIL}" \
        -F "log=@${gz};type=application/gzip" \
        "$OPS_URL" >/dev/null
    echo "${name#"${TAIL}"_}" >> "$STATE_FILE"
}

main() {
    local card count ok=0 failed=0 gz
    [[ -n ${FLIGHTOPS_TOKEN:-} ]] || die "FLIGHTOPS_TOKEN not exported"
    card=$(find_card) || die "no data_log directory matching $SD_GLOB (card inserted?)"
    info "using card at $card"

    count=$(stage_new_logs "$card")
    info "$count new log(s) staged in $STAGE_DIR"
    [[ $count -gt 0 ]] || exit 0

    if [[ $DRY_RUN -eq 1 ]]; then
        info "dry run, leaving files in $STAGE_DIR"
        exit 0
    fi

    for gz in "$STAGE_DIR"/*.gz; do
        if upload_one "$gz"; then
            ok=$((ok + 1)); rm -f "$gz"
        else
            failed=$((failed + 1)); warn "upload failed: $gz"
        fi
    done
    info "uploaded $ok, failed $failed"
    [[ $failed -eq 0 ]]
}

main "$@"
