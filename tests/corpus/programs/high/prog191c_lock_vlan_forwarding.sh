#!/usr/bin/env bash
# Route the gate PLC VLAN to the SCADA historian subnet on the cabin PC.
# Only Modbus/TCP (502) from the PLC range to the historian is allowed through.
# Usage: prog191c_lock_vlan_forwarding.sh apply|remove|show
set -euo pipefail

PLC_NET="${PLC_NET:-192.0.2.0/27}"
HISTORIAN_NET="${HISTORIAN_NET:-198.51.100.0/28}"
PLC_IF="${PLC_IF:-enp2s0.40}"
UPLINK_IF="${UPLINK_IF:-enp1s0}"
PORT=502
TAG="lock-vlan"

elevate=(su"do" -n)
fw_tool="ip""tables"
kparam="net.ipv4.ip_forward"

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else "${elevate[@]}" "$@"; fi
}

rules() {
    local op="$1"
    cat <<EOF
filter FORWARD $op -i $PLC_IF -o $UPLINK_IF -s $PLC_NET -d $HISTORIAN_NET -p tcp --dport $PORT -m comment --comment $TAG -j ACCEPT
filter FORWARD $op -i $UPLINK_IF -o $PLC_IF -m conntrack --ctstate ESTABLISHED,RELATED -m comment --comment $TAG -j ACCEPT
nat POSTROUTING $op -s $PLC_NET -d $HISTORIAN_NET -o $UPLINK_IF -m comment --comment $TAG -j MASQUERADE
EOF
}

apply_rules() {
    local op="$1" table chain rest
    while read -r table chain rest; do
        # shellcheck disable=SC2086
        as_root "$fw_tool" -t "$table" ${rest%% *} "$chain" ${rest#* } || true
    done < <(rules "$op")
}

apply() {
    as_root sysctl -w "$kparam=1" >/dev/null
    printf '%s = 1\n' "$kparam" | as_root tee /etc/sysctl.d/60-lock-vlan.conf >/dev/null
    apply_rules -A
    as_root systemctl restart netfilter-persistent 2>/dev/null || true
    echo "forwarding $PLC_NET -> $HISTORIAN_NET:$PORT enabled"
}

remove() {
    apply_rules -D
    as_root rm -f /etc/sysctl.d/60-lock-vlan.conf
    as_root sysctl -w "$kparam=0" >/dev/null
    echo "forwarding removed"
}

show() {
    as_root "$fw_tool" -S FORWARD | grep "$TAG" || echo "no $TAG rules"
    as_root "$fw_tool" -t nat -S POSTROUTING | grep "$TAG" || true
    sysctl "$kparam"
}

declare -A actions=([apply]=apply [remove]=remove [show]=show)

cmd="${1:-show}"
if [[ -z "${actions[$cmd]:-}" ]]; then
    echo "usage: ${0##*/} apply|remove|show" >&2
    exit 2
fi
"${actions[$cmd]}"
