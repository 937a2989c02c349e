#!/bin/sh
# pos_lan_rules.sh - let the card terminals and the consignment label
# printer on the shop LAN reach the back-office PC, and nothing else.
#
# The card terminal pushes end-of-day totals to the payout report service
# (tcp/8443); the label printer pulls jobs over IPP (tcp/631).
#
# Reads ./pos_lan.conf if present:
#   TERMINALS="192.168.20.31 192.168.20.32"
#   LABEL_PRINTER=192.168.20.40
#   LAN_IF=enp3s0
set -eu

CHAIN="SHOP_POS_IN"
TERMINALS="192.168.20.31 192.168.20.32"
LABEL_PRINTER="192.168.20.40"
LAN_IF="eth0"
CONF="./pos_lan.conf"
SHOW_ONLY=0

msg() { echo "pos-lan: $*"; }

if [ -r "$CONF" ]; then
    while IFS='=' read -r k v; do
        v=$(printf '%s' "$v" | tr -d '"')
        case "$k" in
            TERMINALS)     TERMINALS="$v" ;;
            LABEL_PRINTER) LABEL_PRINTER="$v" ;;
            LAN_IF)        LAN_IF="$v" ;;
        esac
    done < "$CONF"
fi

[ "${1:-}" = "--show" ] && SHOW_ONLY=1

if command -v doas >/dev/null 2>&1; then
    ELEVATE="doas"
else
    ELEVATE="sudo"
fi
[ "$(id -u)" -eq 0 ] && ELEVATE=""

ipt() {
    # shellcheck disable=SC2086
    $ELEVATE iptables -w 5 "$@"
}

valid_ip() {
    printf '%s' "$1" | grep -Eq '^([0-9]{1,3}\.){3}[0-9]{1,3}$'
}

if [ "$SHOW_ONLY" -eq 1 ]; then
    ipt -S "$CHAIN" 2>/dev/null || msg "chain $CHAIN not present"
    exit 0
fi

for ip in $TERMINALS $LABEL_PRINTER; do
    valid_ip "$ip" || { msg "bad address: $ip"; exit 65; }
done

# (re)build our own chain so running twice gives the same rules
if ipt -n -L "$CHAIN" >/dev/null 2>&1; then
    ipt -F "$CHAIN"
else
    ipt -N "$CHAIN"
fi

for ip in $TERMINALS; do
    ipt -A "$CHAIN" -i "$LAN_IF" -s "$ip" -p tcp --dport 8443 -m conntrack --ctstate NEW -j ACCEPT
    msg "terminal $ip -> payout service"
done
ipt -A "$CHAIN" -i "$LAN_IF" -s "$LABEL_PRINTER" -p tcp --dport 631 -j ACCEPT
msg "label printer $LABEL_PRINTER -> ipp"
ipt -A "$CHAIN" -i "$LAN_IF" -p tcp -m multiport --dports 631,8443 -j LOG --log-prefix "pos-lan drop: " --log-level 6
ipt -A "$CHAIN" -i "$LAN_IF" -p tcp -m multiport --dports 631,8443 -j DROP
ipt -A "$CHAIN" -j RETURN

if ! ipt -C INPUT -i "$LAN_IF" -j "$CHAIN" 2>/dev/null; then
    ipt -I INPUT 1 -i "$LAN_IF" -j "$CHAIN"
    msg "hooked $CHAIN into INPUT on $LAN_IF"
fi

ipt -n -v -L "$CHAIN" --line-numbers
msg "rules applied"
