#!/usr/bin/env bash
# grading_node_inventory.sh - record what a grading line PC is running, for
# the cooperative's equipment register.
#
# Collects OS release, CPU model and core count, memory, disk use of the
# working directory, and whether the lane cameras answer their health
# endpoint. Writes one report per host under ./inventory.
#
#   ./grading_node_inventory.sh [--cameras "cam-l1 cam-l2"] [--timeout 5]

set -euo pipefail

CAMERAS="cam-l1 cam-l2 cam-l3 cam-l4"
CAMERA_DOMAIN="grading.example.com"
TIMEOUT=5
OUT_DIR="./inventory"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --cameras) CAMERAS="$2"; shift 2 ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        --out)     OUT_DIR="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

os_info() {
    if [[ -r /etc/os-release ]]; then
        local pretty
        pretty=$(awk -F= '$1 == "PRETTY_NAME" {gsub(/"/, "", $2); print $2}' /etc/os-release)
        echo "os: ${pretty:-unknown}"
    else
        echo "os: unknown"
    fi
    echo "kernel: $(uname -r)"
}

cpu_info() {
    local model cores
    model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
    cores=$(grep -c '^processor' /proc/cpuinfo)
    echo "cpu: ${model:-unknown} (${cores} threads)"
}

mem_info() {
    awk '/^MemTotal/ {printf "memory: %.1f GB\n", $2 / 1048576}' /proc/meminfo
}

disk_info() {
    df -h . | awk 'NR == 2 {print "workdir disk: " $3 " used of " $2 " (" $5 ")"}'
}

camera_health() {
    local cam url code
    for cam in $CAMERAS; do
        url="http://${cam}.${CAMERA_DOMAIN}/health"
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$url" || echo "000")
        if [[ "$code" == "200" ]]; then
            echo "camera ${cam}: ok"
        else
            echo "camera ${cam}: no answer (HTTP ${code})"
        fi
    done
}

main() {
    mkdir -p "$OUT_DIR"
    local host report
    host=$(hostname -s)
    report="${OUT_DIR}/${host}_$(date +%Y%m%d).txt"
    {
        echo "host: ${host}"
        echo "date: $(date -Is)"
        os_info
        cpu_info
        mem_info
        disk_info
        camera_health
    } > "$report"
    log "inventory written to ${report}"
    cat "$report"
}

main
