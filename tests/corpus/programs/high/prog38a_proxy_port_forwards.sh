#!/usr/bin/env bash
# Forward public ports on the edge Pi to the reverse-proxy VM.
# Rules come from a small table (./forwards.tsv: proto<TAB>ext_port<TAB>dest_ip<TAB>dest_port).
# Every rule is tagged with an iptables comment so `down` removes only ours.
#
#   proxy-port-forwards.sh up     add missing rules, enable forwarding
#   proxy-port-forwards.sh down   remove our rules again
#   proxy-port-forwards.sh show   list our rules
set -euo pipefail

TABLE_FILE=${FORWARDS_FILE:-./forwards.tsv}
WAN_IF=${WAN_IF:-eth0}
TAG="homelab-proxy-fwd"
IPT="iptables -w 5"

if [[ $EUID -ne 0 ]]; then
    IPT="sudo $IPT"
    SYSCTL="sudo sysctl"
else
    SYSCTL="sysctl"
fi

err() { echo "port-forwards: $*" >&2; }

read_table() {
    [[ -r $TABLE_FILE ]] || { err "cannot read $TABLE_FILE"; exit 66; }
    grep -vE '^\s*(#|$)' "$TABLE_FILE"
}

valid_ip() {
    [[ $1 =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ ]]
}

rule_specs() {
    # prints "chain|table|spec" lines for one forward
    local proto=$1 ext=$2 ip=$3 port=$4
    echo "PREROUTING|nat|-i $WAN_IF -p $proto --dport $ext -j DNAT --to-destination $ip:$port -m comment --comment $TAG"
    echo "FORWARD|filter|-p $proto -d $ip --dport $port -m conntrack --ctstate NEW,ESTABLISHED,RELATED -j ACCEPT -m comment --comment $TAG"
    echo "POSTROUTING|nat|-p $proto -d $ip --dport $port -j MASQUERADE -m comment --comment $TAG"
}

apply_rule() {
    local action=$1 chain=$2 table=$3 spec=$4
    # shellcheck disable=SC2086
    if $IPT -t "$table" -C "$chain" $spec 2>/dev/null; then
        [[ $action == add ]] && return 0
        $IPT -t "$table" -D "$chain" $spec && echo "removed: $table/$chain $spec"
    else
        [[ $action == del ]] && return 0
        $IPT -t "$table" -A "$chain" $spec && echo "added:   $table/$chain $spec"
    fi
}

process_table() {
    local action=$1 proto ext ip port line chain table spec
    while IFS=$'\t' read -r proto ext ip port; do
        case $proto in tcp|udp) ;; *) err "bad proto '$proto'"; continue ;; esac
        valid_ip "$ip" || { err "bad ip '$ip'"; continue; }
        while IFS='|' read -r chain table spec; do
            apply_rule "$action" "$chain" "$table" "$spec"
        done < <(rule_specs "$proto" "$ext" "$ip" "$port")
    done < <(read_table)
}

enable_forwarding() {
    local cur
    cur=$(cat /proc/sys/net/ipv4/ip_forward)
    if [[ $cur != 1 ]]; then
        $SYSCTL -q -w net.ipv4.ip_forward=1
        echo "enabled net.ipv4.ip_forward"
    fi
}

show_rules() {
    local t
    for t in nat filter; do
        echo "== $t"
        $IPT -t "$t" -S | grep -- "$TAG" || echo "(none)"
    done
}

case ${1:-show} in
    up)
        enable_forwarding
        process_table add
        ;;
    down)
        process_table del
        ;;
    show)
        show_rules
        ;;
    *)
        err "usage: $0 up|down|show"
        exit 64
        ;;
esac
