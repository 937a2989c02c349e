#!/usr/bin/env bash
# Produce a short health report for a lock cabin PC.
#
# Records the OS version, CPU model, disk use of the working directory and
# whether the gate controller and telemetry portal answer, then writes it to
# ./reports so the area engineer can compare cabins.

set -euo pipefail

REPORT_DIR="./reports"
GATE_URL="${GATE_URL:-http://198.51.100.31/status}"
PORTAL_URL="${PORTAL_URL:-https://telemetry.example.com/health}"
TIMEOUT="${TIMEOUT:-5}"
SITE="${SITE:-$(hostname -s)}"

usage() {
    echo "Usage: $0 [-s site] [-t timeout]"
}

while getopts "s:t:h" opt; do
    case "$opt" in
        s) SITE="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

os_info() {
    if [ -r /etc/os-release ]; then
        grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"'
    else
        uname -sr
    fi
}

cpu_info() {
    local model cores
    model=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' || true)
    cores=$(grep -c '^processor' /proc/cpuinfo || echo 0)
    echo "${model:-unknown} (${cores} cores)"
}

# HEAD request only; we just want the status code
probe() {
    local url="$1" code
    code=$(curl -s -o /dev/null -I --max-time "$TIMEOUT" -w '%{http_code}' "$url" || echo "000")
    if [ "$code" = "000" ]; then
        echo "unreachable"
    else
        echo "HTTP $code"
    fi
}

disk_use() {
    du -sh . 2>/dev/null | cut -f1
}

write_report() {
    mkdir -p "$REPORT_DIR"
    local out="$REPORT_DIR/${SITE}_$(date +%Y%m%d_%H%M).txt"
    {
        echo "Cabin health report: $SITE"
        echo "Generated:  $(date -Iseconds)"
        echo "OS:         $(os_info)"
        echo "CPU:        $(cpu_info)"
        echo "Work dir:   $(pwd) ($(disk_use))"
        echo "Gate ctrl:  $(probe "$GATE_URL")"
        echo "Portal:     $(probe "$PORTAL_URL")"
    } > "$out"
    echo "$out"
}

main() {
    local path
    path=$(write_report)
    cat "$path"
    # keep only the 30 newest reports
    ls -1t "$REPORT_DIR"/*.txt 2>/dev/null | tail -n +31 | while read -r old; do
        rm -f "$old"
    done
}

main "$@"
