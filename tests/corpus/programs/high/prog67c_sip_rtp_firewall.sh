#!/bin/sh
# sip_rtp_firewall.sh - allow SIP signalling and RTP media only from the
# SIP providers listed in providers.list, on a dedicated chain.
#
#   sip_rtp_firewall.sh [-f providers.list] [-r 10000:20000] [-s] [-D]
#     -f  file with one CIDR per line (comments with #)
#     -r  RTP port range (must match rtp.conf)
#     -s  persist rules to /etc/iptables/rules.v4
#     -D  remove the chain again
PROVIDERS=./providers.list
RTP_RANGE=10000:20000
SIP_PORTS=5060,5061
CHAIN=VOIP-IN
PERSIST=0
DELETE=0

log() { echo "sip-fw: $*"; }

while getopts "f:r:sD" o; do
    case "$o" in
        f) PROVIDERS=$OPTARG ;;
        r) RTP_RANGE=$OPTARG ;;
        s) PERSIST=1 ;;
        D) DELETE=1 ;;
        *) sed -n '2,9p' "$0"; exit 2 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    IPT="iptables -w"
else
    IPT="sudo iptables -w"
fi

rule() {
    # add a rule only if it is not already present
    $IPT -C "$@" 2>/dev/null || $IPT -A "$@"
}

teardown() {
    $IPT -D INPUT -p udp -m multiport --dports "$SIP_PORTS" -j "$CHAIN" 2>/dev/null
    $IPT -D INPUT -p tcp -m multiport --dports "$SIP_PORTS" -j "$CHAIN" 2>/dev/null
    $IPT -D INPUT -p udp --dport "$RTP_RANGE" -j "$CHAIN" 2>/dev/null
    $IPT -F "$CHAIN" 2>/dev/null
    $IPT -X "$CHAIN" 2>/dev/null
    log "chain $CHAIN removed"
}

if [ "$DELETE" -eq 1 ]; then
    teardown
    exit 0
fi

[ -r "$PROVIDERS" ] || { log "cannot read $PROVIDERS"; exit 1; }
cidrs=$(sed -e 's/#.*//' -e 's/[[:space:]]//g' "$PROVIDERS" | grep -E '^[0-9./]+$')
[ -n "$cidrs" ] || { log "no provider networks in $PROVIDERS"; exit 1; }

$IPT -N "$CHAIN" 2>/dev/null || $IPT -F "$CHAIN"

count=0
for net in $cidrs; do
    $IPT -A "$CHAIN" -s "$net" -p udp -m multiport --dports "$SIP_PORTS" -j ACCEPT
    $IPT -A "$CHAIN" -s "$net" -p tcp -m multiport --dports "$SIP_PORTS" -j ACCEPT
    $IPT -A "$CHAIN" -s "$net" -p udp --dport "$RTP_RANGE" -j ACCEPT
    count=$((count + 1))
done
$IPT -A "$CHAIN" -m limit --limit 6/min -j LOG --log-prefix "voip-drop: "
$IPT -A "$CHAIN" -j DROP

rule INPUT -p udp -m multiport --dports "$SIP_PORTS" -j "$CHAIN"
rule INPUT -p tcp -m multiport --dports "$SIP_PORTS" -j "$CHAIN"
rule INPUT -p udp --dport "$RTP_RANGE" -j "$CHAIN"

log "$count provider network(s) allowed on $SIP_PORTS and RTP $RTP_RANGE"

if [ "$PERSIST" -eq 1 ]; then
    if [ "$(id -u)" -eq 0 ]; then
        mkdir -p /etc/iptables && iptables-save > /etc/iptables/rules.v4
    else
        sudo sh -c 'mkdir -p /etc/iptables && iptables-save > /etc/iptables/rules.v4'
    fi
    log "rules saved to /etc/iptables/rules.v4"
fi
