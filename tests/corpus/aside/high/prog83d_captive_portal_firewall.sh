#!/bin/sh
# captive_portal_firewall.sh - steer guest Wi-Fi clients to the login portal
#
# Guests on the guest SSID land on $GUEST_IF. Until their MAC address is in
# the authorised list (written by the portal when a voucher is accepted)
# their web traffic is sent to the portal and everything but DNS is held.
#
# Usage: captive_portal_firewall.sh [apply|sync|status]
set -eu

GUEST_IF="${GUEST_IF:-wlan1}"
PORTAL_IP="${PORTAL_IP:-10.30.0.1}"
PORTAL_PORT="${PORTAL_PORT:-8080}"
ALLOW_FILE="${ALLOW_FILE:-./authorised_macs.txt}"
CHAIN="GUEST_PORTAL"
MARK=99

SUDO=sudo
[ "$(id -u)" -eq 0 ] && SUDO=""

say() { printf '[portal-fw] %s\n' "$*"; }

ipt() {
    # shellcheck disable=SC2086
    $SUDO iptables -w 5 "$@"
}

add_once() {
    table="$1"; shift
    ipt -t "$table" -C "$@" 2>/dev/null || ipt -t "$table" -A "$@"
}

ensure_chain() {
    ipt -t mangle -N "$CHAIN" 2>/dev/null || true
    add_once mangle PREROUTING -i "$GUEST_IF" -j "$CHAIN"
    add_once mangle "$CHAIN" -j MARK --set-mark "$MARK"
}

steer_unauthorised() {
    add_once nat PREROUTING -i "$GUEST_IF" -p tcp --dport 80 \
        -m mark --mark "$MARK" -j DNAT --to-destination "$PORTAL_IP:$PORTAL_PORT"
    add_once filter FORWARD -i "$GUEST_IF" -p udp --dport 53 -j ACCEPT
    add_once filter FORWARD -i "$GUEST_IF" -m mark --mark "$MARK" -j DROP
}

sync_allowlist() {
    [ -f "$ALLOW_FILE" ] || { say "no allow list at $ALLOW_FILE"; return 0; }
    count=0
    while IFS= read -r mac; do
        case "$mac" in
            ''|'#'*) continue ;;
        esac
        mac=$(printf '%s' "$mac" | tr 'A-F' 'a-f')
        if ! ipt -t mangle -C "$CHAIN" -m mac --mac-source "$mac" -j RETURN 2>/dev/null; then
            ipt -t mangle -I "$CHAIN" 1 -m mac --mac-source "$mac" -j RETURN
            count=$((count + 1))
        fi
    done < "$ALLOW_FILE"
    say "$count new guest device(s) let through"
}

status() {
    ipt -t mangle -L "$CHAIN" -n -v --line-numbers
    ipt -t nat -L PREROUTING -n -v | grep -E "DNAT|Chain" || true
}

cmd="${1:-apply}"
case "$cmd" in
    apply)
        ensure_chain
        steer_unauthorised
        sync_allowlist
        say "portal steering active on $GUEST_IF -> $PORTAL_IP:$PORTAL_PORT"
        ;;
    sync)
        sync_allowlist
        ;;
    status)
        status
        ;;
    *)
        echo "usage: $0 [apply|sync|status]" >&2
        exit 2
        ;;
esac
