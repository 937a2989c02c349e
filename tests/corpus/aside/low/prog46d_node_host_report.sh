#!/usr/bin/env bash
# Collect a host + beacon/execution client readiness report for a full node.
# Output goes to ./reports/host-<date>.txt in the current directory.
set -euo pipefail

BEACON_URL="${BEACON_URL:-http://127.0.0.1:5052}"
EXEC_URL="${EXEC_URL:-http://127.0.0.1:8545}"
MIN_CORES="${MIN_CORES:-4}"
MIN_MEM_GB="${MIN_MEM_GB:-16}"
REPORT_DIR="./reports"
REPORT="$REPORT_DIR/host-$(date +%Y%m%d-%H%M).txt"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

os_info() {
    if [[ -r /etc/os-release ]]; then
        local pretty
        pretty=$(awk -F= '$1=="PRETTY_NAME" {gsub(/"/, "", $2); print $2}' /etc/os-release)
        log "os: ${pretty:-unknown}"
    else
        log "os: /etc/os-release missing"
    fi
    log "kernel: $(uname -r)"
}

cpu_info() {
    local cores model
    cores=$(grep -c '^processor' /proc/cpuinfo)
    model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
    log "cpu: ${model:-unknown} (${cores} threads)"
    if (( cores < MIN_CORES )); then
        log "WARN: fewer than ${MIN_CORES} threads"
    fi
    if grep -qw avx2 /proc/cpuinfo; then log "cpu: avx2 present (blst fast path)"; fi
}

mem_info() {
    local kb gb
    kb=$(awk '/^MemTotal/ {print $2}' /proc/meminfo)
    gb=$(( kb / 1024 / 1024 ))
    log "memory: ${gb} GiB"
    (( gb >= MIN_MEM_GB )) || log "WARN: below ${MIN_MEM_GB} GiB"
}

disk_info() {
    df -hP . | awk 'NR==2 {printf "disk(.): size=%s used=%s avail=%s\n", $2, $3, $4}' \
        | while read -r line; do log "$line"; done
}

beacon_status() {
    local body
    if body=$(curl -fsS --max-time 5 "$BEACON_URL/eth/v1/node/syncing"); then
        log "beacon: head_slot=$(jq -r .data.head_slot <<<"$body") \
sync_distance=$(jq -r .data.sync_distance <<<"$body") \
optimistic=$(jq -r .data.is_optimistic <<<"$body")"
    else
        log "beacon: unreachable at $BEACON_URL"
    fi
    if body=$(curl -fsS --max-time 5 "$BEACON_URL/eth/v1/node/peer_count"); then
        log "beacon: connected peers=$(jq -r .data.connected <<<"$body")"
    fi
}

exec_status() {
    local body
    body=$(curl -fsS --max-time 5 -H 'Content-Type: application/json' \
        -d '{"jsonrpc":"2.0","id":1,"method":"eth_syncing","params":[]}' \
        "$EXEC_URL" 2>/dev/null) || { log "exec: unreachable at $EXEC_URL"; return; }
    if [[ "$(jq -r .result <<<"$body")" == "false" ]]; then
        log "exec: in sync"
    else
        log "exec: syncing current=$(jq -r .result.currentBlock <<<"$body")"
    fi
}

main() {
    mkdir -p "$REPORT_DIR"
    : > "$REPORT"
    command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
    os_info
    cpu_info
    mem_info
    disk_info
    beacon_status
    exec_status
    echo "report written to $REPORT"
}

main "$@"
