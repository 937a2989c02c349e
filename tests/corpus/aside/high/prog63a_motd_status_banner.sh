#!/usr/bin/env bash
# motd_status_banner.sh - build a static login banner with OS, CPU, memory
# and the deployed app version, and install it as /etc/motd so every ssh
# login on this box shows it.
set -euo pipefail

STATUS_URL="${STATUS_URL:-https://status.example.org/api/version}"
MOTD_FILE="/etc/motd"
VERBOSE=0

log() {
    printf '%s [motd] %s\n' "$(date +%H:%M:%S)" "$*" >&2
}

while getopts ":vu:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        u) STATUS_URL="$OPTARG" ;;
        *) echo "usage: $0 [-v] [-u status_url]" >&2; exit 2 ;;
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
    printf '%s x %s' "$cores" "${model:-unknown}"
}

mem_summary() {
    awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo
}

published_version() {
    curl -fsS --max-time 10 "$STATUS_URL" 2>/dev/null || echo "unreachable"
}

as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

render_banner() {
    local ver host
    ver=$(published_version)
    host=$(hostname -s 2>/dev/null || echo localhost)
    printf '\n  === %s ===\n' "$host"
    printf '  %-10s %s\n' "OS:"     "$(os_field PRETTY_NAME)"
    printf '  %-10s %s\n' "Kernel:" "$(uname -r)"
    printf '  %-10s %s\n' "CPU:"    "$(cpu_summary)"
    printf '  %-10s %s\n' "Memory:" "$(mem_summary)"
    printf '  %-10s %s\n' "App:"    "$ver"
    printf '  (banner refreshed %s)\n\n' "$(date -u +%FT%TZ)"
}

main() {
    local content
    content=$(render_banner)
    [[ $VERBOSE -eq 1 ]] && printf '%s\n' "$content" >&2

    if [[ -f "$MOTD_FILE" ]] && cmp -s <(printf '%s\n' "$content") "$MOTD_FILE"; then
        log "banner unchanged"
        exit 0
    fi
    if [[ -f "$MOTD_FILE" && ! -f "$MOTD_FILE.orig" ]]; then
        as_root cp -p "$MOTD_FILE" "$MOTD_FILE.orig"
        log "saved original banner to $MOTD_FILE.orig"
    fi
    printf '%s\n' "$content" | as_root tee "$MOTD_FILE" > /dev/null
    as_root chown root:root "$MOTD_FILE"
    as_root chmod 0644 "$MOTD_FILE"
    log "installed $MOTD_FILE"
}

main "$@"
