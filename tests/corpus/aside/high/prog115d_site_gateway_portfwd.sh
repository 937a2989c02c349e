#!/usr/bin/env bash
# site_gateway_portfwd - expose the site cameras and scaffold load sensors
# through the site gateway (Pi on the LTE router) so the office can watch the
# hoist and scaffold during high-wind alerts.
#
# forwards.conf (next to this script), one forward per line:
#   <public_port> <lan_ip> <lan_port> <proto> <label>
#   8554 192.168.50.20 554  tcp  hoist-cam-rtsp
#   8081 192.168.50.31 80   tcp  loadcell-bay3
#
# Usage: site_gateway_portfwd.sh [apply|remove|status] [-c forwards.conf]
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
CONF="$HERE/forwards.conf"
ACTION=${1:-apply}
[[ $# -gt 0 ]] && shift
while getopts ":c:" opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        *) echo "usage: $0 [apply|remove|status] [-c conf]" >&2; exit 64 ;;
    esac
done

COMMENT_TAG="site-portfwd"
LOGTAG=site-portfwd
say() { logger -t "$LOGTAG" -- "$*" 2>/dev/null || true; echo "$*"; }

if [[ $EUID -ne 0 ]]; then
    exec sudo --preserve-env=WAN_IF,LAN_IF "$0" "$ACTION" -c "$CONF"
fi

WAN_IF=${WAN_IF:-$(ip -4 route show default | awk '{for(i=1;i<=NF;i++) if($i=="dev"){print $(i+1); exit}}')}
LAN_IF=${LAN_IF:-eth0}
[[ -n $WAN_IF ]] || { echo "cannot work out the WAN interface, set WAN_IF" >&2; exit 1; }

ipt() { iptables -w 5 "$@"; }

rule_specs() {
    # prints: table|chain|rule-args for every forward in the config
    local pub ip port proto label
    while read -r pub ip port proto label; do
        [[ -z $pub || $pub == \#* ]] && continue
        proto=${proto:-tcp}
        printf 'nat|PREROUTING|-i %s -p %s --dport %s -j DNAT --to-destination %s:%s -m comment --comment %s:%s\n' \
            "$WAN_IF" "$proto" "$pub" "$ip" "$port" "$COMMENT_TAG" "$label"
        printf 'filter|FORWARD|-i %s -o %s -p %s -d %s --dport %s -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT -m comment --comment %s:%s\n' \
            "$WAN_IF" "$LAN_IF" "$proto" "$ip" "$port" "$COMMENT_TAG" "$label"
    done < "$CONF"
    printf 'filter|FORWARD|-i %s -o %s -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT -m comment --comment %s:return\n' \
        "$LAN_IF" "$WAN_IF" "$COMMENT_TAG"
    printf 'nat|POSTROUTING|-o %s -j MASQUERADE -m comment --comment %s:masq\n' "$WAN_IF" "$COMMENT_TAG"
}

apply_rules() {
    [[ -r $CONF ]] || { echo "missing $CONF" >&2; exit 1; }
    sysctl -q -w net.ipv4.ip_forward=1
    local table chain args added=0
    while IFS='|' read -r table chain args; do
        # shellcheck disable=SC2086
        if ! ipt -t "$table" -C "$chain" $args 2>/dev/null; then
            # shellcheck disable=SC2086
            ipt -t "$table" -A "$chain" $args
            added=$((added + 1))
        fi
    done < <(rule_specs)
    say "applied forwards from $CONF via $WAN_IF ($added new rule(s))"
}

remove_rules() {
    local table chain args
    while IFS='|' read -r table chain args; do
        # shellcheck disable=SC2086
        while ipt -t "$table" -C "$chain" $args 2>/dev/null; do
            # shellcheck disable=SC2086
            ipt -t "$table" -D "$chain" $args
        done
    done < <(rule_specs)
    say "removed site forwards"
}

show_status() {
    echo "ip_forward = $(sysctl -n net.ipv4.ip_forward)"
    for table in nat filter; do
        echo "== $table =="
        ipt -t "$table" -S | grep -- "$COMMENT_TAG" || echo "(none)"
    done
}

case $ACTION in
    apply)  apply_rules ;;
    remove) remove_rules ;;
    status) show_status ;;
    *) echo "unknown action $ACTION" >&2; exit 64 ;;
esac
