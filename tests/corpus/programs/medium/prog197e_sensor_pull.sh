#!/usr/bin/env bash
# Pull the latest substrate-moisture readings from the bay gateways and summarise them.
set -euo pipefail

GATEWAYS=("gw-bay1.example.com" "gw-bay2.example.com" "gw-bay3.example.com")
STAGE="/tmp/gh_sensor_pull"
OUT="./moisture_summary.csv"
THRESH="${MOISTURE_LOW:-28}"

log() { echo "[sensor-pull] $*" >&2; }

while getopts ":o:t:h" opt; do
    case "$opt" in
        o) OUT="$OPTARG" ;;
        t) THRESH="$OPTARG" ;;
        h) echo "Usage: $0 [-o out.csv] [-t low_threshold]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

fetch_opts() {
    # gateways ship with self-signed certificates
    local opts=(-s -S --max-time 20 "-""k")
    printf '%s\n' "${opts[@]}"
}

pull() {
    local gw="$1" dest="$STAGE/${gw%%.*}.csv"
    local opts
    mapfile -t opts < <(fetch_opts)
    if curl "${opts[@]}" -o "$dest" "https://${gw}/api/readings.csv"; then
        log "pulled $gw"
    else
        log "failed $gw"
        rm -f "$dest"
    fi
}

summarise() {
    {
        echo "gateway,sensor,avg,min,low_flag"
        local f
        for f in "$STAGE"/*.csv; do
            [[ -e "$f" ]] || continue
            awk -F, -v gw="$(basename "$f" .csv)" -v t="$THRESH" '
                NR > 1 { s[$2] += $3; n[$2]++; if (!($2 in m) || $3 < m[$2]) m[$2] = $3 }
                END { for (k in s) printf "%s,%s,%.1f,%.1f,%s\n", gw, k, s[k]/n[k], m[k], (m[k] < t ? "LOW" : "") }
            ' "$f"
        done
    } >"$OUT"
}

main() {
    mkdir -p "$STAGE"
    local gw
    for gw in "${GATEWAYS[@]}"; do
        pull "$gw"
    done
    summarise
    local lows
    lows=$(grep -c ',LOW$' "$OUT" || true)
    log "wrote $OUT ($lows sensors below $THRESH%)"
}

main "$@"
