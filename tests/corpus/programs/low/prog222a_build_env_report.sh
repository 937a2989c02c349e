#!/usr/bin/env bash
# build_env_report.sh - clean the recipe-compiler build tree in the working
# directory and write an environment report for the build ticket: OS,
# CPU, tool versions and reachability of the artifact endpoints.
#
# usage: build_env_report.sh [-o report.txt] [-k]   (-k keeps build dirs)
set -euo pipefail

OUT="./build_env_report.txt"
KEEP=0
BUILD_DIRS=("./build" "./.cache" "./dist")
ENDPOINTS=(
    "https://artifacts.example.com/health"
    "https://rms.example.com/api/v2/ping"
    "https://docs.example.org/"
)

while getopts ":o:k" opt; do
    case "$opt" in
        o) OUT="$OPTARG" ;;
        k) KEEP=1 ;;
        *) echo "usage: $0 [-o report.txt] [-k]" >&2; exit 1 ;;
    esac
done

section() { printf '\n== %s ==\n' "$1" >> "$OUT"; }

os_info() {
    section "os"
    if [[ -r /etc/os-release ]]; then
        grep -E '^(NAME|VERSION|ID)=' /etc/os-release >> "$OUT"
    fi
    echo "kernel: $(uname -r)" >> "$OUT"
}

cpu_info() {
    section "cpu"
    local model cores
    model="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //')"
    cores="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo '?')"
    echo "model: ${model:-unknown}" >> "$OUT"
    echo "cores: $cores" >> "$OUT"
}

tool_versions() {
    section "tools"
    local t
    for t in gcc make python3 cmake git; do
        if command -v "$t" >/dev/null 2>&1; then
            echo "$t: $("$t" --version 2>&1 | head -n1)" >> "$OUT"
        else
            echo "$t: missing" >> "$OUT"
        fi
    done
}

endpoint_check() {
    section "endpoints"
    local url code
    for url in "${ENDPOINTS[@]}"; do
        code="$(curl -sS -I --max-time 10 -o /dev/null -w '%{http_code}' "$url" 2>/dev/null || echo 000)"
        printf '%-45s %s\n' "$url" "$code" >> "$OUT"
    done
}

clean_build() {
    section "cleanup"
    local d
    if [[ "$KEEP" -eq 1 ]]; then
        echo "build dirs kept" >> "$OUT"
        return
    fi
    for d in "${BUILD_DIRS[@]}"; do
        if [[ -d "$d" ]]; then
            rm -rf -- "$d"
            echo "removed $d" >> "$OUT"
        fi
    done
}

main() {
    : > "$OUT"
    chmod 600 "$OUT"
    echo "build environment report $(date -u +%FT%TZ) host=$(hostname)" >> "$OUT"
    os_info
    cpu_info
    tool_versions
    endpoint_check
    clean_build
    echo "report written to $OUT"
}

main
