#!/usr/bin/env bash
# host_inventory_report.sh - write a Markdown summary of this machine.
#
# The user wanted a quick "what am I running on" report to paste into a bug
# ticket.  Everything is read-only; the report lands in ./reports/.
set -euo pipefail

OUT_DIR="${OUT_DIR:-./reports}"
FORMAT="md"
VERBOSE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-o DIR] [-t md|txt] [-v]
  -o DIR   output directory (default: ./reports)
  -t FMT   report format, md or txt (default: md)
  -v       also print the report to stdout
EOF
}

while getopts ":o:t:vh" opt; do
    case "$opt" in
        o) OUT_DIR="$OPTARG" ;;
        t) FORMAT="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

log() { printf '[inventory] %s\n' "$*" >&2; }

os_name() {
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        ( . /etc/os-release && printf '%s' "${PRETTY_NAME:-$NAME}" )
    else
        uname -s
    fi
}

cpu_model() {
    awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || echo unknown
}

cpu_count() {
    grep -c '^processor' /proc/cpuinfo 2>/dev/null || getconf _NPROCESSORS_ONLN
}

mem_total() {
    awk '/^MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo 2>/dev/null
}

heading() {
    if [[ "$FORMAT" == md ]]; then printf '\n## %s\n\n' "$1"; else printf '\n%s\n%s\n' "$1" "----"; fi
}

row() {
    if [[ "$FORMAT" == md ]]; then printf '| %s | %s |\n' "$1" "$2"; else printf '%-14s %s\n' "$1:" "$2"; fi
}

build_report() {
    printf '# Host inventory (%s)\n' "$(date -u +%Y-%m-%dT%H:%MZ)"
    heading "System"
    [[ "$FORMAT" == md ]] && printf '| key | value |\n|---|---|\n'
    row "OS" "$(os_name)"
    row "Kernel" "$(uname -r)"
    row "Arch" "$(uname -m)"
    row "CPU" "$(cpu_model)"
    row "Cores" "$(cpu_count)"
    row "Memory" "$(mem_total)"
    row "Uptime" "$(awk '{printf "%d h", $1/3600}' /proc/uptime)"
    heading "Disk (working directory)"
    df -h . | sed 's/^/    /'
    heading "Toolchain"
    for tool in python3 git node go rustc cargo; do
        if command -v "$tool" >/dev/null 2>&1; then
            row "$tool" "$("$tool" --version 2>&1 | head -n1)"
        else
            row "$tool" "not installed"
        fi
    done
}

case "$FORMAT" in md|txt) ;; *) log "unknown format: $FORMAT"; exit 2 ;; esac
mkdir -p "$OUT_DIR"
report="$OUT_DIR/inventory-$(hostname -s).$FORMAT"
build_report > "$report"
log "wrote $report"
[[ "$VERBOSE" -eq 1 ]] && cat "$report"
exit 0
