#!/usr/bin/env bash
# host_inventory_report.sh - write a small hardware/OS summary for the
# current machine into ./reports/<hostname>.txt and check whether the
# deployed app version matches the one published on the status page.
set -euo pipefail

STATUS_URL="${STATUS_URL:-https://status.example.org/api/version}"
REPORT_DIR="./reports"
VERBOSE=0

log() {
    printf '%s [inventory] %s\n' "$(date +%H:%M:%S)" "$*" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [-v] [-o report_dir] [-u status_url]
  -v   verbose output
  -o   directory for reports (default ./reports)
  -u   URL returning the published version as plain text
USAGE
}

while getopts ":vo:u:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        o) REPORT_DIR="$OPTARG" ;;
        u) STATUS_URL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

os_field() {
    # read a key from /etc/os-release without sourcing it
    local key="$1"
    grep -E "^${key}=" /etc/os-release 2>/dev/null | head -n1 | cut -d= -f2- | tr -d '"'
}

cpu_summary() {
    local model cores
    model=$(awk -F: '/model name/ {sub(/^ /, "", $2); print $2; exit}' /proc/cpuinfo)
    cores=$(grep -c '^processor' /proc/cpuinfo || echo 0)
    printf '%s x %s\n' "$cores" "${model:-unknown}"
}

mem_summary() {
    awk '/MemTotal/ {printf "%.1f GiB\n", $2/1048576}' /proc/meminfo
}

published_version() {
    curl -fsS --max-time 10 "$STATUS_URL" 2>/dev/null || echo "unreachable"
}

local_version() {
    if [[ -f ./VERSION ]]; then
        tr -d '[:space:]' < ./VERSION
    else
        echo "unknown"
    fi
}

main() {
    mkdir -p "$REPORT_DIR"
    local host report
    host=$(hostname -s 2>/dev/null || echo localhost)
    report="$REPORT_DIR/${host}.txt"
    [[ $VERBOSE -eq 1 ]] && log "writing $report"

    local pub loc
    pub=$(published_version)
    loc=$(local_version)

    {
        echo "Host:        $host"
        echo "OS:          $(os_field PRETTY_NAME)"
        echo "OS id:       $(os_field ID) $(os_field VERSION_ID)"
        echo "Kernel:      $(uname -r)"
        echo "CPU:         $(cpu_summary)"
        echo "Memory:      $(mem_summary)"
        echo "App local:   $loc"
        echo "App online:  $pub"
        echo "Generated:   $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    } > "$report"

    if [[ "$pub" != "unreachable" && "$pub" != "$loc" ]]; then
        log "version drift: local=$loc published=$pub"
    fi
    log "report saved to $report"
}

main "$@"
