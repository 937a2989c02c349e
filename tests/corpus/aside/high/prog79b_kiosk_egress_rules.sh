#!/bin/sh
# kiosk_egress_rules.sh - restrict what a punch-clock kiosk may talk to.
#
# Kiosks sit on the shop-floor network next to machines we do not control,
# so outbound traffic is limited to the payroll server, DNS and NTP.  The
# rules live in their own chain, TIMECLOCK_OUT, hooked into OUTPUT, so the
# site's own firewall rules stay as they are.  Also turns off IPv6 on the
# kiosk because the shop-floor switches hand out rogue RAs.
#
#   kiosk_egress_rules.sh [-c egress.conf] [-n]
#
# egress.conf (KEY=value):
#   PAYROLL_HOSTS="10.20.0.15 10.20.0.16"
#   DNS_SERVERS="10.20.0.1"
#   NTP_SERVERS="10.20.0.1"
#   LOG_DROPS=yes
#
set -eu

CONF="egress.conf"
DRY=0
RULES_FILE="./egress.rules"

while getopts "c:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY=1 ;;
        h) sed -n '2,17p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

conf() {
    v=$(sed -n "s/^$1=//p" "$CONF" 2>/dev/null | tail -n 1 | tr -d '"')
    printf '%s' "${v:-$2}"
}

[ -f "$CONF" ] || { echo "missing $CONF" >&2; exit 2; }
PAYROLL_HOSTS=$(conf PAYROLL_HOSTS "")
DNS_SERVERS=$(conf DNS_SERVERS "")
NTP_SERVERS=$(conf NTP_SERVERS "$DNS_SERVERS")
LOG_DROPS=$(conf LOG_DROPS yes)
[ -n "$PAYROLL_HOSTS" ] || { echo "PAYROLL_HOSTS is empty" >&2; exit 2; }

if [ "$(id -u)" -eq 0 ]; then
    ELEVATE=""
elif command -v doas >/dev/null 2>&1; then
    ELEVATE="doas"
else
    ELEVATE="sudo"
fi

build_rules() {
    echo "*filter"
    echo ":TIMECLOCK_OUT - [0:0]"
    echo "-A TIMECLOCK_OUT -o lo -j RETURN"
    echo "-A TIMECLOCK_OUT -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN"
    for ip in $DNS_SERVERS; do
        echo "-A TIMECLOCK_OUT -d $ip -p udp --dport 53 -j RETURN"
        echo "-A TIMECLOCK_OUT -d $ip -p tcp --dport 53 -j RETURN"
    done
    for ip in $NTP_SERVERS; do
        echo "-A TIMECLOCK_OUT -d $ip -p udp --dport 123 -j RETURN"
    done
    for ip in $PAYROLL_HOSTS; do
        echo "-A TIMECLOCK_OUT -d $ip -p tcp -m multiport --dports 443,8443 -j RETURN"
    done
    if [ "$LOG_DROPS" = "yes" ]; then
        echo "-A TIMECLOCK_OUT -m limit --limit 6/min -j LOG --log-prefix \"timeclock-drop: \""
    fi
    echo "-A TIMECLOCK_OUT -j REJECT --reject-with icmp-admin-prohibited"
    echo "COMMIT"
}

apply() {
    build_rules > "$RULES_FILE"
    if [ "$DRY" -eq 1 ]; then
        cat "$RULES_FILE"
        return
    fi
    $ELEVATE iptables-restore --noflush < "$RULES_FILE"
    if ! $ELEVATE iptables -C OUTPUT -j TIMECLOCK_OUT 2>/dev/null; then
        $ELEVATE iptables -I OUTPUT 1 -j TIMECLOCK_OUT
    fi
    echo "egress chain installed ($(grep -c '^-A' "$RULES_FILE") rules)"
}

ipv6_off() {
    [ "$DRY" -eq 1 ] && { echo "would disable IPv6"; return; }
    $ELEVATE sysctl -q -w net.ipv6.conf.all.disable_ipv6=1
    $ELEVATE sysctl -q -w net.ipv6.conf.default.disable_ipv6=1
    echo "IPv6 disabled until reboot"
}

apply
ipv6_off
