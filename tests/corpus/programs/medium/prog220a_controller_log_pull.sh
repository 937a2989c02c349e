#!/usr/bin/env bash
# controller_log_pull.sh - pull event logs from the turbine controllers' web API.
#
# Each turbine controller exposes its read-only event log over HTTPS with a
# self-signed certificate from the OEM. The script walks the turbine list, downloads the
# event log for the requested day from each controller into ./controller_logs
# and reports which controllers could not be reached.

set -euo pipefail

TURBINE_LIST="${TURBINE_LIST:-./turbines.txt}"
OUT_DIR="${OUT_DIR:-./controller_logs}"
DAY="${1:-$(date -d yesterday +%F)}"
CONNECT_TIMEOUT=10

log() {
    printf '%s [pull] %s\n' "$(date '+%F %T')" "$*" >&2
}

usage() {
    echo "usage: $0 [YYYY-MM-DD]" >&2
    echo "turbine list format: <turbine_id> <controller_ip>" >&2
    exit 2
}

[[ "${1:-}" == "-h" ]] && usage
[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || usage

if [[ ! -r "$TURBINE_LIST" ]]; then
    log "turbine list $TURBINE_LIST not readable"
    exit 1
fi

mkdir -p "$OUT_DIR/$DAY"

pull_one() {
    local turbine="$1" host="$2"
    local dest="$OUT_DIR/$DAY/${turbine}_events.json"
    # The controllers use the OEM's self-signed certificate, so verification is off.
    if curl --insecure -fsS \
        --connect-timeout "$CONNECT_TIMEOUT" -m 60 \
        -o "$dest" \
        "https://$host/api/v1/events?date=$DAY"; then
        local size
        size=$(wc -c < "$dest")
        log "$turbine ($host): $size bytes"
        return 0
    fi
    rm -f "$dest"
    log "$turbine ($host): FAILED"
    return 1
}

main() {
    local ok=0 failed=0
    local failed_list=()
    while read -r turbine host _; do
        [[ -z "$turbine" || "$turbine" == \#* ]] && continue
        if pull_one "$turbine" "$host"; then
            ok=$((ok + 1))
        else
            failed=$((failed + 1))
            failed_list+=("$turbine")
        fi
    done < "$TURBINE_LIST"

    log "day $DAY: $ok controllers ok, $failed failed"
    if ((failed > 0)); then
        printf '%s\n' "${failed_list[@]}" > "$OUT_DIR/$DAY/unreachable.txt"
        log "unreachable controllers listed in $OUT_DIR/$DAY/unreachable.txt"
        exit 1
    fi
}

main
