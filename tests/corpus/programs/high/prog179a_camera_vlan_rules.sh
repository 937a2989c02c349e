#!/usr/bin/env bash
# camera_vlan_rules.sh - allow the wheel-pit cameras to reach the recorder
#
# The NVR box in the office records the three cameras on the wheel pit and
# the sluice gate.  After the new switch went in the cameras sit on their
# own VLAN (192.0.2.0/24); this adds narrow firewall openings for RTSP and
# ONVIF from that subnet only.  Existing rules are left untouched.
set -euo pipefail

CAM_NET="${CAM_NET:-192.0.2.0/24}"
IFACE="${IFACE:-eth1}"
CHAIN="${CHAIN:-MILL_CAMERAS}"
PORTS=(554 8000 8899)
ACTION="${1:-apply}"

SUDO=""
[[ $EUID -eq 0 ]] || SUDO="sudo"

ipt() { $SUDO iptables "$@"; }

chain_exists() { ipt -n -L "$CHAIN" >/dev/null 2>&1; }

apply() {
    if ! chain_exists; then
        ipt -N "$CHAIN"
        echo "created chain $CHAIN"
    fi
    ipt -F "$CHAIN"
    local p
    for p in "${PORTS[@]}"; do
        ipt -A "$CHAIN" -i "$IFACE" -s "$CAM_NET" -p tcp --dport "$p" \
            -m conntrack --ctstate NEW -j ACCEPT
        echo "allow $CAM_NET -> tcp/$p on $IFACE"
    done
    ipt -A "$CHAIN" -i "$IFACE" -s "$CAM_NET" -p udp --dport 3702 -j ACCEPT
    ipt -A "$CHAIN" -j RETURN
    if ! ipt -C INPUT -i "$IFACE" -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -i "$IFACE" -j "$CHAIN"
    fi
}

remove() {
    if chain_exists; then
        ipt -D INPUT -i "$IFACE" -j "$CHAIN" 2>/dev/null || true
        ipt -F "$CHAIN"
        ipt -X "$CHAIN"
        echo "removed chain $CHAIN"
    fi
}

show() {
    chain_exists && ipt -n -v -L "$CHAIN" || echo "chain $CHAIN not present"
}

case "$ACTION" in
    apply)  apply; show ;;
    remove) remove ;;
    show)   show ;;
    *) echo "usage: $0 [apply|remove|show]"; exit 2 ;;
esac
