#!/usr/bin/env bash
# open_gate_ports.sh - let the timing gates' UDP broadcasts reach this PC
#
# The gate controllers on the track LAN broadcast beam-break packets on
# UDP 5005 (events) and 5006 (heartbeats), and answer NTP on 123.  This
# script allows exactly those ports from the gate subnet, tags them for
# easy removal and persists the rules.
#
# Usage: open_gate_ports.sh [--subnet CIDR] [--iface IF] [--remove] [--dry-run]
set -euo pipefail

SUBNET="${GATE_SUBNET:-10.40.0.0/24}"
IFACE=""
REMOVE=0
DRY=0
PORTS=(5005 5006)
TAG="timing-gates"

while [ $# -gt 0 ]; do
    case "$1" in
        --subnet) SUBNET="$2"; shift 2 ;;
        --iface) IFACE="$2"; shift 2 ;;
        --remove) REMOVE=1; shift ;;
        --dry-run) DRY=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

info() { echo "[gate-ports] $*"; }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

ipt() {
    if [ "$DRY" -eq 1 ]; then
        echo "+ iptables $*"
        [ "$1" != "-C" ]
    else
        $SUDO iptables -w 5 "$@"
    fi
}

if [ -z "$IFACE" ]; then
    gw_probe="${SUBNET%/*}"
    gw_probe="${gw_probe%.*}.1"
    IFACE=$(ip -o route get "$gw_probe" 2>/dev/null | sed -n 's/.* dev \([^ ]*\).*/\1/p')
    [ -n "$IFACE" ] || { echo "cannot work out interface for $SUBNET, use --iface" >&2; exit 1; }
fi
info "gate subnet $SUBNET on $IFACE"

rule_args() {
    # rule_args PORT -> iptables match for one gate port
    echo "-i $IFACE -s $SUBNET -p udp --dport $1 -m comment --comment $TAG -j ACCEPT"
}

if [ "$REMOVE" -eq 1 ]; then
    for p in "${PORTS[@]}" 123; do
        # shellcheck disable=SC2046
        while ipt -C INPUT $(rule_args "$p") 2>/dev/null; do
            ipt -D INPUT $(rule_args "$p")
            info "removed udp/$p"
            [ "$DRY" -eq 1 ] && break
        done
    done
else
    for p in "${PORTS[@]}" 123; do
        # shellcheck disable=SC2046
        if ipt -C INPUT $(rule_args "$p") 2>/dev/null; then
            info "udp/$p already allowed"
        else
            ipt -I INPUT 1 $(rule_args "$p")
            info "allowed udp/$p from $SUBNET"
        fi
    done
fi

if [ "$DRY" -eq 0 ]; then
    if [ -d /etc/iptables ]; then
        $SUDO sh -c 'iptables-save > /etc/iptables/rules.v4'
        info "saved to /etc/iptables/rules.v4"
    elif [ -f /etc/sysconfig/iptables ]; then
        $SUDO sh -c 'iptables-save > /etc/sysconfig/iptables'
        info "saved to /etc/sysconfig/iptables"
    else
        info "rules are live but not persisted (no iptables-persistent)"
    fi
fi

info "listening check:"
ss -lun | awk 'NR==1 || /:500[56] /' || true
