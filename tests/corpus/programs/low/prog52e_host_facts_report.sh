#!/usr/bin/env bash
# host_facts_report.sh - collect read-only host facts for a bug report.
# Reads a handful of /proc and /etc files and writes a Markdown summary into
# ./reports/ of the current project. Nothing on the system is modified.
set -euo pipefail

OUT_DIR="${OUT_DIR:-./reports}"
STAMP="$(date +%Y%m%d-%H%M%S)"
REPORT="${OUT_DIR}/host-facts-${STAMP}.md"
VERBOSE=0

usage() {
    printf 'usage: %s [-o DIR] [-v]\n' "${0##*/}"
}

log() {
    [[ "$VERBOSE" -eq 1 ]] && printf '[facts] %s\n' "$*" >&2
    return 0
}

while getopts ":o:vh" opt; do
    case "$opt" in
        o) OUT_DIR="$OPTARG"; REPORT="${OUT_DIR}/host-facts-${STAMP}.md" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

# read_first FILE -> first line of FILE, or "n/a"
read_first() {
    local f="$1" line=""
    if [[ -r "$f" ]]; then
        IFS= read -r line < "$f" || true
    fi
    printf '%s' "${line:-n/a}"
}

os_pretty_name() {
    local key val
    [[ -r /etc/os-release ]] || { printf 'unknown'; return; }
    while IFS='=' read -r key val; do
        if [[ "$key" == "PRETTY_NAME" ]]; then
            val="${val%\"}"; val="${val#\"}"
            printf '%s' "$val"
            return
        fi
    done < /etc/os-release
    printf 'unknown'
}

cpu_summary() {
    local model="" count=0 key rest
    while IFS=':' read -r key rest; do
        case "$key" in
            "model name"*) model="${rest# }"; count=$((count + 1)) ;;
        esac
    done < /proc/cpuinfo
    printf '%s x %s' "$count" "${model:-unknown}"
}

mem_total() {
    local key val unit
    while read -r key val unit; do
        [[ "$key" == "MemTotal:" ]] && { printf '%s %s' "$val" "$unit"; return; }
    done < /proc/meminfo
}

declare -A KNOBS=(
    [swappiness]=/proc/sys/vm/swappiness
    [somaxconn]=/proc/sys/net/core/somaxconn
    [file_max]=/proc/sys/fs/file-max
    [ostype]=/proc/sys/kernel/ostype
    [osrelease]=/proc/sys/kernel/osrelease
)

mkdir -p "$OUT_DIR"
log "writing $REPORT"
{
    printf '# Host facts (%s)\n\n' "$STAMP"
    printf '* OS: %s\n' "$(os_pretty_name)"
    printf '* CPU: %s\n' "$(cpu_summary)"
    printf '* Memory: %s\n\n' "$(mem_total)"
    printf '## Kernel settings (read only)\n\n| knob | value |\n|---|---|\n'
    for name in $(printf '%s\n' "${!KNOBS[@]}" | sort); do
        printf '| %s | %s |\n' "$name" "$(read_first "${KNOBS[$name]}")"
    done
} > "$REPORT"
chmod 600 "$REPORT"
printf 'report: %s\n' "$REPORT"
