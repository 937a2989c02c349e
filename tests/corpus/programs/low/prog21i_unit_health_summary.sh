#!/usr/bin/env bash
# unit_health_summary.sh - read-only overview of systemd units on this host.
#
# Lists failed units, counts running services, and shows the units the
# operator cares about (given as arguments). Uses only query commands:
# `systemctl list-units`, `systemctl is-active` and `systemctl show`.
# Nothing is started, stopped, enabled or reloaded.

set -euo pipefail

WATCH_UNITS=("$@")
if [[ ${#WATCH_UNITS[@]} -eq 0 ]]; then
    WATCH_UNITS=(ssh.service cron.service systemd-journald.service)
fi

usage() {
    echo "usage: $0 [unit ...]" >&2
    echo "  prints a read-only health summary of systemd units" >&2
}

require_systemd() {
    if ! command -v systemctl >/dev/null 2>&1; then
        echo "systemctl not found; is this a systemd host?" >&2
        exit 2
    fi
    if [[ ! -d /run/systemd/system ]]; then
        echo "systemd is not running as init here" >&2
        exit 2
    fi
}

section() {
    printf '\n== %s ==\n' "$1"
}

list_failed() {
    section "Failed units"
    local failed
    failed=$(systemctl list-units --state=failed --no-legend --plain --no-pager | awk '{print $1}')
    if [[ -z "$failed" ]]; then
        echo "none"
    else
        echo "$failed"
    fi
}

count_services() {
    section "Service counts"
    local running total
    running=$(systemctl list-units --type=service --state=running --no-legend --plain --no-pager | wc -l)
    total=$(systemctl list-units --type=service --all --no-legend --plain --no-pager | wc -l)
    printf 'running: %s of %s loaded services\n' "$running" "$total"
}

show_watched() {
    section "Watched units"
    printf '%-32s %-10s %-10s %s\n' UNIT ACTIVE SUB SINCE
    local unit state sub since
    for unit in "${WATCH_UNITS[@]}"; do
        state=$(systemctl is-active "$unit" 2>/dev/null || true)
        sub=$(systemctl show -p SubState --value "$unit" 2>/dev/null || echo "?")
        since=$(systemctl show -p ActiveEnterTimestamp --value "$unit" 2>/dev/null || echo "")
        printf '%-32s %-10s %-10s %s\n' "$unit" "${state:-unknown}" "${sub:-?}" "${since:--}"
    done
}

show_timers() {
    section "Timers (next run)"
    systemctl list-timers --no-pager --no-legend 2>/dev/null | head -n 10 || echo "unavailable"
}

main() {
    if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
        usage
        exit 0
    fi
    require_systemd
    echo "Host: $(hostname)   Kernel: $(uname -r)"
    systemctl --version | head -n 1
    list_failed
    count_services
    show_watched
    show_timers
}

main "$@"
