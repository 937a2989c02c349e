#!/bin/sh
# Apply the reading-room kiosk network profile.
#
# Catalogue kiosks should only reach the OPAC, the IIIF image server and the
# print-release station.  This script resolves those hosts, builds a
# dedicated KIOSK_OUT chain that allows them (plus DNS and NTP) and rejects
# everything else leaving the kiosk, and saves the ruleset so it survives a
# reboot.
#
#   kiosk-network-profile.sh [-f hosts.list] [-n]   (-n = print only)

set -eu

HOSTS_FILE="kiosk-hosts.list"
PRINT_ONLY=0
CHAIN="KIOSK_OUT"
RULES_FILE="/etc/iptables/rules.v4"
DEFAULT_HOSTS="opac.library.local iiif.library.local printrelease.library.local"

while getopts "f:nh" o; do
    case "$o" in
        f) HOSTS_FILE="$OPTARG" ;;
        n) PRINT_ONLY=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    PRIV=""
elif command -v doas >/dev/null 2>&1; then
    PRIV="doas"
else
    PRIV="sudo"
fi

ipt() {
    if [ "$PRINT_ONLY" -eq 1 ]; then
        echo "iptables $*"
    else
        $PRIV iptables -w 5 "$@"
    fi
}

allowed_hosts() {
    if [ -r "$HOSTS_FILE" ]; then
        grep -Ev '^\s*(#|$)' "$HOSTS_FILE"
    else
        printf '%s\n' $DEFAULT_HOSTS
    fi
}

resolve() {
    getent ahostsv4 "$1" | awk '{print $1}' | sort -u
}

# (re)create our own chain, leave the rest of the ruleset alone
if [ "$PRINT_ONLY" -eq 0 ] && $PRIV iptables -n -L "$CHAIN" >/dev/null 2>&1; then
    ipt -F "$CHAIN"
else
    ipt -N "$CHAIN" || true
fi

ipt -A "$CHAIN" -o lo -j ACCEPT
ipt -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
ipt -A "$CHAIN" -p udp --dport 53 -j ACCEPT
ipt -A "$CHAIN" -p tcp --dport 53 -j ACCEPT
ipt -A "$CHAIN" -p udp --dport 123 -j ACCEPT

count=0
for host in $(allowed_hosts); do
    addrs=$(resolve "$host" || true)
    if [ -z "$addrs" ]; then
        echo "warning: $host does not resolve, skipped" >&2
        continue
    fi
    for a in $addrs; do
        ipt -A "$CHAIN" -d "$a" -p tcp -m multiport --dports 80,443,631 -j ACCEPT
        count=$((count + 1))
    done
done

ipt -A "$CHAIN" -j REJECT --reject-with icmp-admin-prohibited

if [ "$PRINT_ONLY" -eq 0 ]; then
    $PRIV iptables -C OUTPUT -j "$CHAIN" 2>/dev/null || ipt -I OUTPUT 1 -j "$CHAIN"
    $PRIV mkdir -p "$(dirname "$RULES_FILE")"
    $PRIV sh -c "iptables-save > '$RULES_FILE'"
    logger -t kiosk-profile "applied $CHAIN with $count destination(s)" || true
fi
echo "kiosk profile: $count destination rule(s) in $CHAIN"
