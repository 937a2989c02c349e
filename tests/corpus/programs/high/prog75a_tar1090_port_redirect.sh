#!/bin/sh
#
# tar1090_port_redirect.sh - serve the tar1090 / graphs1090 map on port 80 of
# the feeder without running the web server as root.
#
# lighttpd on the feeder image listens on 8504; club members on the airfield
# LAN type http://adsb.local/ and expect the map.  This adds a NAT REDIRECT
# from 80 -> 8504 on the LAN interface and saves the rule set so it survives
# a reboot.
#
#   tar1090_port_redirect.sh [add|remove|status] [-i eth0] [-p 8504]

set -eu

ACTION=add
IFACE=""
TARGET_PORT=8504
RULES_FILE=/etc/iptables/rules.v4
COMMENT="tar1090-redirect"

msg() { printf '[tar1090-redirect] %s\n' "$*"; }
die() { msg "$*" >&2; exit 1; }

case "${1:-}" in
    add|remove|status) ACTION=$1; shift ;;
esac
while getopts "i:p:h" opt; do
    case $opt in
        i) IFACE=$OPTARG ;;
        p) TARGET_PORT=$OPTARG ;;
        h) sed -n '3,11p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
    command -v sudo >/dev/null || die "run as root or install sudo"
else
    SUDO=""
fi

command -v iptables >/dev/null || die "iptables not installed"

if [ -z "$IFACE" ]; then
    IFACE=$(ip -o -4 route show default | awk '{print $5; exit}')
    [ -n "$IFACE" ] || die "could not work out the LAN interface, pass -i"
fi

if ! ss -ltn "sport = :$TARGET_PORT" | grep -q LISTEN; then
    msg "warning: nothing listening on :$TARGET_PORT yet"
fi

rule_spec() {
    echo "-i $IFACE -p tcp --dport 80 -m comment --comment $COMMENT -j REDIRECT --to-ports $TARGET_PORT"
}

rule_present() {
    # shellcheck disable=SC2046
    $SUDO iptables -t nat -C PREROUTING $(rule_spec) 2>/dev/null
}

save_rules() {
    $SUDO mkdir -p "$(dirname "$RULES_FILE")"
    $SUDO sh -c "iptables-save > '$RULES_FILE'"
    msg "saved rules to $RULES_FILE"
    if [ -x /usr/sbin/netfilter-persistent ] || command -v netfilter-persistent >/dev/null 2>&1; then
        :
    else
        msg "install iptables-persistent to have $RULES_FILE loaded at boot"
    fi
}

case "$ACTION" in
    status)
        if rule_present; then
            msg "redirect 80 -> $TARGET_PORT active on $IFACE"
        else
            msg "no redirect on $IFACE"
        fi
        $SUDO iptables -t nat -L PREROUTING -n --line-numbers | grep "$COMMENT" || true
        ;;
    add)
        if rule_present; then
            msg "already in place"
            exit 0
        fi
        # shellcheck disable=SC2046
        $SUDO iptables -t nat -A PREROUTING $(rule_spec)
        msg "added 80 -> $TARGET_PORT on $IFACE"
        save_rules
        ;;
    remove)
        removed=0
        while rule_present; do
            # shellcheck disable=SC2046
            $SUDO iptables -t nat -D PREROUTING $(rule_spec)
            removed=$((removed + 1))
        done
        msg "removed $removed rule(s)"
        [ "$removed" -gt 0 ] && save_rules
        ;;
esac
