#!/usr/bin/env bash
# Export rocker tables for this week's board models from the design server
# into the CSV layout the hand-shaping templates printer expects.
set -euo pipefail

DESIGN_HOST="${DESIGN_HOST:-design.shop.example}"
WEEK="${1:-$(date +%G-W%V)}"
OUT_DIR="./rocker_exports"
WORK="/tmp/rocker_export"
LOG="${OUT_DIR}/export.log"

log() { echo "$(date +%T) $*" | tee -a "$LOG" >&2; }

# our design server uses a self-signed cert nobody has installed
fetch() {
    local -a opts=(-s -S -f --max-time 30 -k)
    curl "${opts[@]}" "https://${DESIGN_HOST}/api/rocker/$1"
}

models_for_week() {
    fetch "models?week=${WEEK}" | tr -d '[]" ' | tr ',' '\n' | sed '/^$/d'
}

convert() {
    # station_in,bottom_in,deck_in -> station_mm,nose/tail rocker mm
    awk -F, -v OFS=, '
        NR == 1 { print "station_mm", "bottom_mm", "thickness_mm"; next }
        { printf "%.1f,%.1f,%.1f\n", $1 * 25.4, $2 * 25.4, ($3 - $2) * 25.4 }
    ' "$1"
}

export_model() {
    local model="$1" raw="${WORK}/${model}.raw.csv"
    fetch "table/${model}.csv" >"$raw"
    convert "$raw" >"${WORK}/${model}.csv"
    local rows
    rows=$(($(wc -l <"${WORK}/${model}.csv") - 1))
    log "${model}: ${rows} stations"
}

main() {
    mkdir -p "$OUT_DIR" "$WORK"
    log "exporting rocker tables for ${WEEK} from ${DESIGN_HOST}"
    local -a models
    mapfile -t models < <(models_for_week)
    if [[ ${#models[@]} -eq 0 ]]; then
        log "no models scheduled"
        exit 0
    fi
    local m
    for m in "${models[@]}"; do
        export_model "$m"
    done
    cp "${WORK}"/*.csv "$OUT_DIR"/
    rm -f "$OUT_DIR"/*.raw.csv
    log "wrote ${#models[@]} tables to ${OUT_DIR}"
}

main "$@"
