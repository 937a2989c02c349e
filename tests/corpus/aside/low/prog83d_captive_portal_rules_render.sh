#!/bin/sh
# captive_portal_rules_render.sh - build the guest Wi-Fi portal ruleset
#
# Guests on the guest SSID land on $GUEST_IF. Until their MAC address is in
# the authorised list (written by the portal when a voucher is accepted)
# their web traffic goes to the portal and everything but DNS is held.
# This renders that ruleset in iptables-restore format into ./build so the
# network contractor can review it and load it on the gateway.
#
# Usage: captive_portal_rules_render.sh [-o outfile]
set -eu

GUEST_IF="${GUEST_IF:-wlan1}"
PORTAL_IP="${PORTAL_IP:-10.30.0.1}"
PORTAL_PORT="${PORTAL_PORT:-8080}"
ALLOW_FILE="${ALLOW_FILE:-./authorised_macs.txt}"
CHAIN="GUEST_PORTAL"
MARK=99
OUT="./build/guest_portal.rules"

say() { printf '[portal-rules] %s\n' "$*"; }

while getopts "o:h" opt; do
    case "$opt" in
        o) OUT="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

allow_rules() {
    [ -f "$ALLOW_FILE" ] || return 0
    while IFS= read -r mac; do
        case "$mac" in
            ''|'#'*) continue ;;
        esac
        mac=$(printf '%s' "$mac" | tr 'A-F' 'a-f')
        printf -- '-A %s -m mac --mac-source %s -j RETURN\n' "$CHAIN" "$mac"
    done < "$ALLOW_FILE"
}

render() {
    echo "# guest portal ruleset for $GUEST_IF, generated $(date -u '+%Y-%m-%dT%H:%M:%SZ')"
    echo "*mangle"
    echo ":$CHAIN - [0:0]"
    echo "-A PREROUTING -i $GUEST_IF -j $CHAIN"
    allow_rules
    echo "-A $CHAIN -j MARK --set-mark $MARK"
    echo "COMMIT"
    echo "*nat"
    echo "-A PREROUTING -i $GUEST_IF -p tcp --dport 80 -m mark --mark $MARK -j DNAT --to-destination $PORTAL_IP:$PORTAL_PORT"
    echo "COMMIT"
    echo "*filter"
    echo "-A FORWARD -i $GUEST_IF -p udp --dport 53 -j ACCEPT"
    echo "-A FORWARD -i $GUEST_IF -m mark --mark $MARK -j DROP"
    echo "COMMIT"
}

mkdir -p "$(dirname "$OUT")"
tmp="$OUT.tmp.$$"
trap 'rm -f "$tmp"' EXIT
render > "$tmp"
chmod 600 "$tmp"
mv "$tmp" "$OUT"
trap - EXIT

allowed=$(grep -c -- '--mac-source' "$OUT" || true)
say "wrote $OUT ($allowed authorised device(s))"
say "review it, then load it on the gateway with iptables-restore --noflush"
