#!/usr/bin/env bash
# Builds the weekly grow-bed report from the sampler CSVs in ./data.
set -euo pipefail

DATA_DIR="${AQ_DATA_DIR:-./data}"
BUILD_DIR="./build"
OUT="${AQ_REPORT:-./bed_report.md}"
KEEP_BUILD=0
declare -a METRICS=(ph ec water_c)

log() { echo "[report] $*" >&2; }

usage() { echo "usage: $(basename "$0") [-d data_dir] [-o out.md] [-k]" >&2; }

host_line() {
    local name="unknown"
    if [[ -r /etc/os-release ]]; then
        name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
    fi
    printf 'Generated on %s (%s) at %s\n' "$(hostname)" "$name" "$(date '+%F %H:%M')"
}

column_of() {
    local file="$1" metric="$2"
    head -n1 "$file" | tr ',' '\n' | grep -nx "$metric" | cut -d: -f1
}

stats_for() {
    local file="$1" metric="$2" col
    col="$(column_of "$file" "$metric")" || return 0
    [[ -n "$col" ]] || return 0
    awk -F, -v c="$col" -v m="$metric" 'NR > 1 && $c != "" {
        n++; s += $c; if (n == 1 || $c < lo) lo = $c; if (n == 1 || $c > hi) hi = $c }
        END { if (n) printf "| %s | %d | %.2f | %.2f | %.2f |\n", m, n, s / n, lo, hi }' "$file"
}

render_bed() {
    local file="$1" bed metric
    bed="$(basename "$file" .csv)"
    cat <<SECTION

## Bed ${bed}

| metric | samples | mean | min | max |
|---|---|---|---|---|
SECTION
    for metric in "${METRICS[@]}"; do
        stats_for "$file" "$metric"
    done
}

main() {
    while getopts ":d:o:kh" opt; do
        case "$opt" in
            d) DATA_DIR="$OPTARG" ;;
            o) OUT="$OPTARG" ;;
            k) KEEP_BUILD=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    shopt -s nullglob
    local files=("$DATA_DIR"/*.csv)
    if ((${#files[@]} == 0)); then
        log "no CSV files in $DATA_DIR"
        exit 1
    fi
    mkdir -p "$BUILD_DIR"
    {
        echo "# Weekly grow-bed report"
        host_line
        local f
        for f in "${files[@]}"; do render_bed "$f"; done
    } > "$BUILD_DIR/report.md"
    mv "$BUILD_DIR/report.md" "$OUT"
    chmod 600 "$OUT"
    (( KEEP_BUILD )) || rm -rf -- "$BUILD_DIR"
    log "wrote $OUT from ${#files[@]} beds"
}

main "$@"
