#!/bin/sh
# nflog_accounting_rules.sh - mirror selected traffic into NFLOG group 5 so
# that ulogd2 / tshark -i nflog:5 can account for it, without touching the
# existing filter policy. Rules live in a dedicated ACCT_MIRROR chain.
#
#   nflog_accounting_rules.sh start [subnet ...]
#   nflog_accounting_rules.sh stop
#   nflog_accounting_rules.sh status

set -eu

CHAIN=ACCT_MIRROR
GROUP=${NFLOG_GROUP:-5}
RANGE=${NFLOG_RANGE:-128}
THRESHOLD=${NFLOG_THRESHOLD:-20}
IPT=${IPTABLES:-iptables}
DEFAULT_SUBNETS="10.20.0.0/16 10.30.0.0/16"

msg() { echo "nflog-acct: $*" >&2; }

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        msg "must run as root"
        exit 1
    fi
}

chain_exists() {
    $IPT -w -n -L "$CHAIN" >/dev/null 2>&1
}

hook() {
    # $1 = -C / -I / -D, $2 = built-in chain
    $IPT -w "$1" "$2" -j "$CHAIN"
}

start() {
    subnets=${*:-$DEFAULT_SUBNETS}
    if ! chain_exists; then
        $IPT -w -N "$CHAIN"
        msg "created chain $CHAIN"
    fi
    for net in $subnets; do
        for dir in -s -d; do
            if ! $IPT -w -C "$CHAIN" "$dir" "$net" -j NFLOG --nflog-group "$GROUP" \
                    --nflog-size "$RANGE" --nflog-threshold "$THRESHOLD" 2>/dev/null; then
                $IPT -w -A "$CHAIN" "$dir" "$net" -j NFLOG --nflog-group "$GROUP" \
                    --nflog-size "$RANGE" --nflog-threshold "$THRESHOLD"
                msg "mirroring $dir $net to nflog:$GROUP"
            fi
        done
    done
    for builtin in INPUT FORWARD OUTPUT; do
        hook -C "$builtin" 2>/dev/null || hook -I "$builtin"
    done
    if command -v modprobe >/dev/null 2>&1; then
        modprobe nfnetlink_log || msg "nfnetlink_log not loaded; NFLOG may fail"
    fi
}

stop() {
    chain_exists || { msg "nothing to remove"; return 0; }
    for builtin in INPUT FORWARD OUTPUT; do
        while hook -C "$builtin" 2>/dev/null; do
            hook -D "$builtin"
        done
    done
    # delete our own NFLOG rules one by one, newest first
    n=$($IPT -w -S "$CHAIN" | grep -c -- '-j NFLOG' || true)
    while [ "$n" -gt 0 ]; do
        $IPT -w -D "$CHAIN" "$n"
        n=$((n - 1))
    done
    $IPT -w -X "$CHAIN"
    msg "removed chain $CHAIN"
}

status() {
    chain_exists || { msg "not active"; return 1; }
    $IPT -w -n -v -x -L "$CHAIN"
}

cmd=${1:-status}
[ $# -gt 0 ] && shift
case "$cmd" in
    start) require_root; start "$@" ;;
    stop) require_root; stop ;;
    status) status ;;
    *) echo "usage: $0 {start [subnet...]|stop|status}" >&2; exit 2 ;;
esac
