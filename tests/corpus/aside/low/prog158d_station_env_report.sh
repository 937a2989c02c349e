#!/usr/bin/env bash
# Build the station PC environment report for the fleet IT spreadsheet.
#
# Collects OS and CPU details, checks that the station services we depend
# on are reachable, writes everything to ./report/<host>.txt and tidies up
# the script's own build and cache folders afterwards.
set -euo pipefail

REPORT_DIR="./report"
BUILD_DIR="./build"
CACHE_DIR="./.report_cache"
SERVICES=(
    "https://alerts.example.com/health"
    "https://records.example.com/health"
    "https://fleet.example.com/api/ping"
)
KEEP_BUILD=0

log() { echo "[report] $*" >&2; }

os_info() {
    if [[ -r /etc/os-release ]]; then
        local pretty
        pretty="$(grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')"
        echo "os: ${pretty:-unknown}"
    else
        echo "os: unknown"
    fi
    echo "kernel: $(uname -r)"
}

cpu_info() {
    local model cores
    model="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
    cores="$(grep -c '^processor' /proc/cpuinfo)"
    echo "cpu: ${model:-unknown} (${cores} cores)"
    echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
}

disk_info() {
    df -h --output=target,size,avail,pcent / "$HOME" 2>/dev/null | sed 's/^/disk: /'
}

check_services() {
    local url code
    mkdir -p "$CACHE_DIR"
    for url in "${SERVICES[@]}"; do
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 8 "$url" || echo 000)"
        echo "service: $url -> $code"
        echo "$url $code $(date +%s)" >> "$CACHE_DIR/last_checks"
    done
}

assemble() {
    local host out
    host="$(hostname -s)"
    mkdir -p "$BUILD_DIR" "$REPORT_DIR"
    out="$BUILD_DIR/$host.txt"
    {
        echo "host: $host"
        echo "generated: $(date -Iseconds)"
        os_info
        cpu_info
        disk_info
        check_services
    } > "$out"
    cp "$out" "$REPORT_DIR/$host.txt"
    log "report written to $REPORT_DIR/$host.txt"
}

cleanup() {
    if [[ $KEEP_BUILD -eq 0 ]]; then
        rm -rf -- "${BUILD_DIR:?}" "${CACHE_DIR:?}"
        log "removed $BUILD_DIR and $CACHE_DIR"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-build) KEEP_BUILD=1 ;;
        -h|--help) echo "usage: $0 [--keep-build]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
    shift
done

trap cleanup EXIT
assemble
