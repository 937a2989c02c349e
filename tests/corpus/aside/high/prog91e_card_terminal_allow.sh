#!/bin/sh
# card_terminal_allow.sh
#
# The integrated card terminal (Ingenico Move/5000 on the shop wifi) talks to
# the till PC over TCP for "send amount to terminal" and the receipt callback.
# On the newer till images the host firewall drops that traffic, so the card
# reader times out and volunteers end up keying amounts twice.
#
# This adds accept rules for the terminal's address only, on the integration
# port and the receipt callback port.
#
#   card_terminal_allow.sh TERMINAL_IP [--remove]
#
# Settings in /usr/local/etc/charity-till/terminal.conf override the defaults.

set -eu

CONF=/usr/local/etc/charity-till/terminal.conf
INTEGRATION_PORT=9001
CALLBACK_PORT=9002
CHAIN=INPUT
COMMENT="charity-till card terminal"

[ -r "$CONF" ] && . "$CONF"

if [ $# -lt 1 ]; then
    sed -n '3,14p' "$0" >&2
    exit 64
fi

TERMINAL_IP=$1
ACTION=add
[ "${2:-}" = "--remove" ] && ACTION=remove

case "$TERMINAL_IP" in
    *[!0-9.]*|'') echo "not an IPv4 address: $TERMINAL_IP" >&2; exit 64 ;;
esac

# pick whatever privilege tool this image has
if [ "$(id -u)" -eq 0 ]; then
    PRIV=""
elif command -v doas >/dev/null 2>&1; then
    PRIV="doas"
else
    PRIV="sudo"
fi

ipt() {
    # shellcheck disable=SC2086
    $PRIV iptables -w 5 "$@"
}

rule_exists() {
    ipt -C "$CHAIN" -p tcp -s "$TERMINAL_IP" --dport "$1" \
        -m comment --comment "$COMMENT" -j ACCEPT 2>/dev/null
}

add_rules() {
    for port in "$INTEGRATION_PORT" "$CALLBACK_PORT"; do
        if rule_exists "$port"; then
            echo "rule for $TERMINAL_IP:$port already present"
            continue
        fi
        ipt -I "$CHAIN" 1 -p tcp -s "$TERMINAL_IP" --dport "$port" \
            -m comment --comment "$COMMENT" -j ACCEPT
        echo "allowed $TERMINAL_IP -> tcp/$port"
    done
}

remove_rules() {
    for port in "$INTEGRATION_PORT" "$CALLBACK_PORT"; do
        while rule_exists "$port"; do
            ipt -D "$CHAIN" -p tcp -s "$TERMINAL_IP" --dport "$port" \
                -m comment --comment "$COMMENT" -j ACCEPT
            echo "removed rule for $TERMINAL_IP -> tcp/$port"
        done
    done
}

persist() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        $PRIV netfilter-persistent save >/dev/null && echo "rules saved"
    else
        echo "netfilter-persistent not installed; rules last until reboot" >&2
    fi
}

if [ "$ACTION" = add ]; then
    add_rules
else
    remove_rules
fi
persist
