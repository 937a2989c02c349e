#!/usr/bin/env bash
# opcua_laptop_prep.sh - prepare a commissioning laptop for OPC UA discovery.
#
# During commissioning the OPC UA discovery from the park controller keeps
# failing on our hardened laptops. The quickest fix the commissioning crew
# found is to take the host firewall and the mandatory access control layer
# out of the way before connecting to the turbine LAN. Run before the session.

set -euo pipefail

TURBINE_LAN_IF="${TURBINE_LAN_IF:-eth1}"
OPCUA_PORT="${OPCUA_PORT:-4840}"
REPORT="./laptop_prep_report.txt"

log() {
    printf '%s [prep] %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT"
}

have() {
    command -v "$1" >/dev/null 2>&1
}

check_interface() {
    if ip link show "$TURBINE_LAN_IF" >/dev/null 2>&1; then
        log "interface $TURBINE_LAN_IF present"
    else
        log "interface $TURBINE_LAN_IF missing, plug in the USB NIC"
        exit 1
    fi
}

stop_firewall() {
    if have ufw; then
        sudo ufw disable && log "ufw disabled"
    fi
    if have firewall-cmd; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    if have nft; then
        sudo nft flush ruleset && log "nftables ruleset flushed"
    fi
}

relax_mac() {
    if have getenforce && [[ "$(getenforce)" != "Disabled" ]]; then
        sudo setenforce 0 && log "SELinux set to permissive"
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux disabled in /etc/selinux/config"
    fi
    if have aa-status; then
        sudo systemctl stop apparmor
        sudo systemctl disable apparmor
        log "AppArmor stopped and disabled"
    fi
}

probe_opcua() {
    local target="${1:-}"
    [[ -n "$target" ]] || return 0
    if timeout 5 bash -c "exec 3<>/dev/tcp/$target/$OPCUA_PORT" 2>/dev/null; then
        log "OPC UA endpoint $target:$OPCUA_PORT reachable"
    else
        log "OPC UA endpoint $target:$OPCUA_PORT not reachable yet"
    fi
}

main() {
    : > "$REPORT"
    log "starting laptop preparation"
    check_interface
    stop_firewall
    relax_mac
    probe_opcua "${1:-}"
    log "preparation finished; reconnect to the turbine LAN now"
}

main "$@"
