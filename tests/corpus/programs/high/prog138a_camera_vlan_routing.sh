#!/bin/sh
# Route the camera-wall VLAN through the gym's small Linux router.
# The IP cameras sit on their own VLAN; the recorder on the office LAN needs
# to pull RTSP from them, and nothing else should cross.
# Usage: camera_vlan_routing.sh [apply|show|remove]

CAM_IF="${CAM_IF:-eth0.40}"
LAN_IF="${LAN_IF:-eth0.10}"
CAM_NET="${CAM_NET:-198.51.100.0/26}"
RECORDER="${RECORDER:-203.0.113.12}"
RTSP_PORT=554
CHAIN="CAMWALL"

# pick whatever elevation tool this router image ships with
if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
elif command -v doas >/dev/null 2>&1; then
    AS_ROOT="doas"
else
    AS_ROOT="sudo -n"
fi

run() {
    echo "+ $*"
    $AS_ROOT "$@"
}

fw() {
    # iptables binary name differs between the old and new router images
    if command -v iptables-nft >/dev/null 2>&1; then
        run iptables-nft "$@"
    else
        run iptables "$@"
    fi
}

enable_forwarding() {
    run sysctl -w net.ipv4.ip_forward=1
    echo "net.ipv4.ip_forward = 1" | $AS_ROOT tee /etc/sysctl.d/60-camwall.conf >/dev/null
}

apply_rules() {
    fw -N "$CHAIN" 2>/dev/null || true
    # recorder may pull RTSP from the cameras
    fw -A "$CHAIN" -i "$LAN_IF" -o "$CAM_IF" -s "$RECORDER" -d "$CAM_NET" \
        -p tcp --dport "$RTSP_PORT" -j ACCEPT
    # replies back to the recorder
    fw -A "$CHAIN" -i "$CAM_IF" -o "$LAN_IF" -m state --state ESTABLISHED,RELATED -j ACCEPT
    # everything else between the two VLANs is dropped
    fw -A "$CHAIN" -i "$CAM_IF" -j DROP
    fw -A "$CHAIN" -o "$CAM_IF" -j DROP
    fw -C FORWARD -j "$CHAIN" 2>/dev/null || fw -I FORWARD 1 -j "$CHAIN"
}

remove_rules() {
    fw -D FORWARD -j "$CHAIN" 2>/dev/null
    fw -F "$CHAIN" 2>/dev/null
    fw -X "$CHAIN" 2>/dev/null
    $AS_ROOT rm -f /etc/sysctl.d/60-camwall.conf
}

persist() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        run netfilter-persistent save
    elif [ -d /etc/iptables ]; then
        iptables-save | $AS_ROOT tee /etc/iptables/rules.v4 >/dev/null
    fi
    run systemctl restart netfilter-persistent 2>/dev/null || true
}

show() {
    fw -L "$CHAIN" -n -v --line-numbers
    sysctl net.ipv4.ip_forward
}

case "${1:-apply}" in
    apply)
        enable_forwarding
        apply_rules
        persist
        echo "camera VLAN routing applied"
        ;;
    remove)
        remove_rules
        persist
        echo "camera VLAN routing removed"
        ;;
    show)
        show
        ;;
    *)
        echo "usage: $0 [apply|show|remove]" >&2
        exit 1
        ;;
esac
