#!/bin/sh
# foaling_camera_gateway_setup.sh - expose the foaling box cameras to the
# house network through the barn gateway.
#
# The IP cameras in the foaling boxes sit on the barn VLAN (eth1) with no
# route to the house.  This sets the gateway up to forward one RTSP port per
# box, so the night-watch tablet in the house can open
#   rtsp://<gateway>:<8550 + box>/stream1
#
# Camera list: cameras.txt, one "box_number camera_ip" per line.

set -eu

CAM_LIST=${CAM_LIST:-./cameras.txt}
BARN_IF=${BARN_IF:-eth1}
HOUSE_IF=${HOUSE_IF:-eth0}
BASE_PORT=${BASE_PORT:-8550}
SYSCTL_FILE=/etc/sysctl.d/60-foalcam-forward.conf
RULES_FILE=/etc/iptables/rules.v4

info() { echo "[foalcam-gw] $*"; }
die() { echo "[foalcam-gw] error: $*" >&2; exit 1; }

[ -r "$CAM_LIST" ] || die "camera list $CAM_LIST not found"
command -v iptables >/dev/null 2>&1 || die "iptables not installed"

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
else
    SUDO="sudo"
    $SUDO -v || die "need sudo rights to configure forwarding"
fi

enable_forwarding() {
    info "enabling IPv4 forwarding"
    printf 'net.ipv4.ip_forward = 1\n' | $SUDO tee "$SYSCTL_FILE" >/dev/null
    $SUDO sysctl -q -p "$SYSCTL_FILE"
}

add_rule() {
    # add an iptables rule only if it is not already there
    table=$1; shift
    if ! $SUDO iptables -t "$table" -C "$@" 2>/dev/null; then
        $SUDO iptables -t "$table" -A "$@"
    fi
}

forward_camera() {
    box=$1
    cam=$2
    port=$((BASE_PORT + box))
    info "box $box: $HOUSE_IF:$port -> $cam:554"
    add_rule nat PREROUTING -i "$HOUSE_IF" -p tcp --dport "$port" \
        -j DNAT --to-destination "$cam:554"
    add_rule filter FORWARD -i "$HOUSE_IF" -o "$BARN_IF" -p tcp -d "$cam" \
        --dport 554 -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT
    add_rule filter FORWARD -i "$BARN_IF" -o "$HOUSE_IF" -s "$cam" \
        -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
}

masquerade() {
    add_rule nat POSTROUTING -o "$BARN_IF" -j MASQUERADE
}

persist_rules() {
    if [ -d /etc/iptables ]; then
        info "saving rules to $RULES_FILE"
        $SUDO sh -c "iptables-save > $RULES_FILE"
        if systemctl list-unit-files netfilter-persistent.service >/dev/null 2>&1; then
            $SUDO systemctl enable --now netfilter-persistent >/dev/null
            $SUDO systemctl restart netfilter-persistent
        fi
    else
        info "iptables-persistent not installed; rules last until reboot"
    fi
}

main() {
    enable_forwarding
    n=0
    while read -r box ip _rest; do
        case "$box" in ''|'#'*) continue ;; esac
        forward_camera "$box" "$ip"
        n=$((n + 1))
    done < "$CAM_LIST"
    [ "$n" -gt 0 ] || die "no cameras in $CAM_LIST"
    masquerade
    persist_rules
    info "forwarding $n foaling box cameras"
}

main "$@"
