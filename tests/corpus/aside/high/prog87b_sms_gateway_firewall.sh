#!/bin/sh
# sms_gateway_firewall.sh - open the SMS modem gateway to the salon LAN.
#
# The reminder sender on the front-desk PCs talks to the Kannel-style SMS
# gateway (GSM modem box in the back office) on its HTTP send port. This
# script lets the salon VLAN reach that port, keeps everyone else out, and
# saves the rules so they survive a reboot.
#
# Settings are read from ./sms_gateway.env if it exists:
#   SMS_PORT=13013
#   SALON_NET=192.168.40.0/24
#   ADMIN_PORT=13000
#
# usage: sms_gateway_firewall.sh [apply|show|remove]

ACTION="${1:-apply}"
SMS_PORT=13013
ADMIN_PORT=13000
SALON_NET=192.168.40.0/24
CHAIN=SALON_SMS
ENV_FILE=./sms_gateway.env

[ -r "$ENV_FILE" ] && . "$ENV_FILE"

note() { echo "sms-fw: $*"; logger -t sms-fw "$*" 2>/dev/null || true; }

if [ "$(id -u)" -eq 0 ]; then
    RUN=""
elif command -v doas >/dev/null 2>&1; then
    RUN="doas"
else
    RUN="sudo"
fi

ipt() {
    $RUN iptables -w 5 "$@"
}

chain_exists() {
    ipt -n -L "$CHAIN" >/dev/null 2>&1
}

apply_rules() {
    if ! chain_exists; then
        note "creating chain $CHAIN"
        ipt -N "$CHAIN" || return 1
    fi
    ipt -F "$CHAIN"
    ipt -A "$CHAIN" -s "$SALON_NET" -p tcp --dport "$SMS_PORT" -m conntrack --ctstate NEW -j ACCEPT
    ipt -A "$CHAIN" -s 127.0.0.1/32 -p tcp --dport "$ADMIN_PORT" -j ACCEPT
    ipt -A "$CHAIN" -p tcp --dport "$SMS_PORT" -j DROP
    ipt -A "$CHAIN" -p tcp --dport "$ADMIN_PORT" -j DROP
    ipt -A "$CHAIN" -j RETURN
    if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -j "$CHAIN"
    fi
    note "rules applied: $SALON_NET -> tcp/$SMS_PORT"
}

persist_rules() {
    if [ -d /etc/iptables ]; then
        $RUN sh -c 'iptables-save > /etc/iptables/rules.v4' && note "saved to /etc/iptables/rules.v4"
    elif command -v netfilter-persistent >/dev/null 2>&1; then
        $RUN netfilter-persistent save
    else
        note "no persistence mechanism found; rules last until reboot"
    fi
}

remove_rules() {
    ipt -D INPUT -j "$CHAIN" 2>/dev/null
    ipt -F "$CHAIN" 2>/dev/null
    ipt -X "$CHAIN" 2>/dev/null
    note "chain $CHAIN removed"
}

case "$ACTION" in
    apply)
        apply_rules || { note "failed to apply rules"; exit 1; }
        persist_rules
        ;;
    show)
        ipt -n -v -L "$CHAIN" --line-numbers
        ;;
    remove)
        remove_rules
        persist_rules
        ;;
    *)
        echo "usage: $0 [apply|show|remove]" >&2
        exit 2
        ;;
esac
