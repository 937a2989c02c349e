#!/usr/bin/env bash
# Daily catch report: totals per species, new vs retrap, and per-net
# effort from the day's capture CSV. Writes a text report in ./reports.
set -euo pipefail

DAY="$(date +%F)"
DATA_DIR="${DATA_DIR:-./data}"
OUT_DIR="./reports"
WORK_DIR="./.report_work"
KEEP_WORK=0

log() { echo "[report] $*" >&2; }

usage() {
    echo "Usage: $0 [-d YYYY-MM-DD] [-i data_dir] [-k]"
    echo "  -k  keep intermediate files in $WORK_DIR"
}

while getopts ":d:i:kh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        i) DATA_DIR="$OPTARG" ;;
        k) KEEP_WORK=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

INPUT="$DATA_DIR/captures_${DAY}.csv"

cleanup() {
    (( KEEP_WORK )) || rm -rf "$WORK_DIR"
}

column_index() {
    # find a named column in the CSV header (1-based)
    head -n1 "$INPUT" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1
}

species_totals() {
    local sp st
    sp="$(column_index species)"
    st="$(column_index status)"
    awk -F, -v s="$sp" -v t="$st" 'NR>1 {
        tot[$s]++; if ($t == "R") rt[$s]++; else nw[$s]++
    } END {
        for (k in tot) printf "%-10s total=%-4d new=%-4d retrap=%d\n", k, tot[k], nw[k]+0, rt[k]+0
    }' "$INPUT" | sort > "$WORK_DIR/species.txt"
}

net_effort() {
    local nt
    nt="$(column_index net)"
    awk -F, -v n="$nt" 'NR>1 { c[$n]++ } END { for (k in c) printf "net %-6s %d birds\n", k, c[k] }' \
        "$INPUT" | sort -k2 > "$WORK_DIR/nets.txt"
}

main() {
    if [[ ! -f "$INPUT" ]]; then
        log "no capture file $INPUT"
        exit 1
    fi
    mkdir -p "$OUT_DIR" "$WORK_DIR"
    trap cleanup EXIT

    species_totals
    net_effort
    local total report="$OUT_DIR/catch_${DAY}.txt"
    total=$(( $(wc -l < "$INPUT") - 1 ))
    {
        echo "Catch report for $DAY"
        echo "Birds processed: $total"
        echo
        echo "By species:"
        cat "$WORK_DIR/species.txt"
        echo
        echo "By net:"
        cat "$WORK_DIR/nets.txt"
    } > "$report"
    log "written $report"
}

main
