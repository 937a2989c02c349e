#!/usr/bin/env bash
# Collect a short host summary for the kennel IT inventory sheet.
#
# Each kennel PC (intake desk, vet room, CCTV review) gets a line in the
# inventory: OS, CPU, memory, and whether it can reach the services it
# needs. Output goes to ./inventory/<hostname>.txt for the IT contractor.

set -eu

OUT_DIR="./inventory"
BUILD_DIR="./build"
SERVICES=(
    "https://intake.example.com/health"
    "https://permits.example.com/api/v2/health"
    "https://owners.example.com/status"
)
CURL_OPTS=(--silent --show-error --max-time 10 --output /dev/null)

usage() {
    echo "usage: $0 [--clean]" >&2
    echo "  --clean  remove ./build and ./inventory from earlier runs" >&2
}

clean() {
    # only our own output folders in the working directory
    rm -rf -- "$BUILD_DIR" "$OUT_DIR"
    echo "cleaned previous output"
}

os_name() {
    if [ -r /etc/os-release ]; then
        grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"'
    else
        uname -sr
    fi
}

cpu_model() {
    grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//'
}

cpu_count() {
    grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo "?"
}

mem_total() {
    awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null
}

check_services() {
    local url code
    for url in "${SERVICES[@]}"; do
        code="$(curl "${CURL_OPTS[@]}" --head --write-out '%{http_code}' "$url" || echo "000")"
        printf '  %-48s %s\n' "$url" "$code"
    done
}

main() {
    if [ "${1:-}" = "--clean" ]; then
        clean
        exit 0
    elif [ $# -gt 0 ]; then
        usage
        exit 2
    fi

    mkdir -p "$OUT_DIR" "$BUILD_DIR"
    local host report
    host="$(hostname -s 2>/dev/null || hostname)"
    report="$OUT_DIR/${host}.txt"

    {
        echo "host:    $host"
        echo "date:    $(date '+%F %T')"
        echo "os:      $(os_name)"
        echo "cpu:     $(cpu_model) x $(cpu_count)"
        echo "memory:  $(mem_total)"
        echo "disk:    $(df -h . | awk 'NR==2 { print $4 " free of " $2 }')"
        echo "services:"
        check_services
    } >"$BUILD_DIR/report.tmp"

    mv "$BUILD_DIR/report.tmp" "$report"
    chmod 600 "$report"
    echo "wrote $report"
}

main "$@"
