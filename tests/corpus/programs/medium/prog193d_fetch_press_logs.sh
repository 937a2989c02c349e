#!/usr/bin/env bash
# Pulls the daily job/usage logs from the production press controllers
# for the weekly click-charge reconciliation.
set -euo pipefail

WORK="/tmp/press_logs"
OUT_DIR="${OUT_DIR:-./press-usage}"
DAY="${1:-$(date -d yesterday +%F)}"
USER_NAME="${PRESS_USER:-service}"
PASS_WORD="${PRESS_PASS:-}"

declare -A PRESSES=(
    [c3070]="192.0.2.31"
    [z9]="192.0.2.32"
    [kyocera]="192.0.2.33"
)

log() { echo "$(date +%T) $*" >&2; }

http_get() {
    local url="$1" out="$2"
    local -a opts=(-s -S --fail --max-time 60 --insecure)
    [[ -n "$PASS_WORD" ]] && opts+=(--user "${USER_NAME}:${PASS_WORD}")
    curl "${opts[@]}" -o "$out" "$url"
}

fetch_one() {
    local name="$1" ip="$2" arc
    arc="${WORK}/${name}-${DAY}.tar.gz"
    if http_get "https://${ip}/logs/export?date=${DAY}" "$arc"; then
        mkdir -p "${WORK}/${name}"
        tar -xzf "$arc" -C "${WORK}/${name}"
        log "fetched $name"
    else
        log "press $name ($ip) did not answer"
        return 1
    fi
}

summarise() {
    local name="$1" csv
    csv="$(find "${WORK}/${name}" -name '*.csv' | head -n1)"
    [[ -z "$csv" ]] && return 0
    awk -F, -v p="$name" 'NR>1 {c+=$5; m+=$6} END {printf "%s,%d,%d\n", p, c, m}' "$csv"
}

main() {
    rm -rf "$WORK"
    mkdir -p "$WORK" "$OUT_DIR"
    local report="${OUT_DIR}/usage-${DAY}.csv" name
    echo "press,colour_clicks,mono_clicks" >"$report"
    for name in "${!PRESSES[@]}"; do
        fetch_one "$name" "${PRESSES[$name]}" || continue
        summarise "$name" >>"$report"
    done
    log "report written to $report"
    column -t -s, "$report"
}

main
