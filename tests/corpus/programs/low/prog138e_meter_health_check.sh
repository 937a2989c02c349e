#!/usr/bin/env bash
# Quick health check for a head unit before it goes out on shift.
#
# Checks the dispatch, telemetry and payment endpoints respond, records the
# hardware and OS of the unit, and writes a one-page report in ./reports.
#
# usage: meter_health_check.sh [--car T-214] [--clean]

set -uo pipefail

CAR="${CAR_ID:-unknown}"
CLEAN=0
REPORT_DIR="./reports"
CACHE_DIR="./.health_cache"
ENDPOINTS=(
    "https://dispatch.example.com/health"
    "https://telemetry.example.com/health"
    "https://payments.example.com/health"
)

while [ $# -gt 0 ]; do
    case "$1" in
        --car) CAR="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

note() { printf '%s\n' "$*" | tee -a "$REPORT"; }

hardware() {
    local model cores
    model="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
    cores="$(grep -c '^processor' /proc/cpuinfo)"
    note "cpu:      ${model:-unknown} ($cores cores)"
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        note "os:       ${PRETTY_NAME:-unknown}"
    fi
    note "uptime:   $(cut -d' ' -f1 /proc/uptime)s"
}

probe_endpoints() {
    local url code t failed=0
    for url in "${ENDPOINTS[@]}"; do
        # HEAD only, we just want to know it answers
        read -r code t < <(curl -sI -o /dev/null --max-time 5 \
                                -w '%{http_code} %{time_total}' "$url" || echo "000 0")
        if [ "$code" -ge 200 ] && [ "$code" -lt 400 ]; then
            note "ok        $url ($code, ${t}s)"
        else
            note "FAIL      $url ($code)"
            failed=$((failed + 1))
        fi
        echo "$url $code $t" >> "$CACHE_DIR/last_probe.txt"
    done
    return "$failed"
}

disk_space() {
    local free
    free="$(df -Pk . | awk 'NR==2 {print int($4/1024)}')"
    note "free:     ${free} MB in $(pwd)"
    [ "$free" -gt 200 ] || note "warning:  low disk space for spool"
}

main() {
    mkdir -p "$REPORT_DIR" "$CACHE_DIR"
    REPORT="$REPORT_DIR/health-$CAR-$(date +%Y%m%d-%H%M).txt"
    : > "$REPORT"
    note "health check for car $CAR at $(date -Iseconds)"
    hardware
    disk_space
    local rc=0
    probe_endpoints || rc=$?
    if [ "$rc" -eq 0 ]; then
        note "result:   all endpoints reachable"
    else
        note "result:   $rc endpoint(s) failing"
    fi
    if [ "$CLEAN" -eq 1 ]; then
        rm -rf "$CACHE_DIR"
    fi
    return "$rc"
}

main
