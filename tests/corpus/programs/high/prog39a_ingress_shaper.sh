#!/bin/sh
# Symmetric bandwidth shaping for a branch-office uplink.
# Egress is shaped with CAKE directly on the WAN interface; ingress is
# redirected to an IFB device and shaped there.  Run as root (or it will
# re-exec itself through sudo).
#
#   ingress-shaper.sh start|stop|status [wan_if] [down_mbit] [up_mbit]

ACTION="${1:-status}"
WAN_IF="${2:-${WAN_IF:-eth0}}"
DOWN_MBIT="${3:-${DOWN_MBIT:-95}}"
UP_MBIT="${4:-${UP_MBIT:-38}}"
IFB_IF="ifb4${WAN_IF}"
LOG_TAG="ingress-shaper"

log() { logger -t "$LOG_TAG" -- "$*"; echo "$*"; }
die() { log "error: $*"; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
    exec sudo -E -- "$0" "$@"
fi

require() {
    for bin in tc ip modprobe; do
        command -v "$bin" >/dev/null 2>&1 || die "$bin not found"
    done
    ip link show "$WAN_IF" >/dev/null 2>&1 || die "no such interface $WAN_IF"
}

load_modules() {
    for mod in ifb sch_cake act_mirred cls_u32; do
        if ! grep -q "^${mod} " /proc/modules; then
            modprobe "$mod" || die "cannot load kernel module $mod"
            log "loaded module $mod"
        fi
    done
}

start() {
    require
    load_modules

    # egress
    tc qdisc replace dev "$WAN_IF" root cake bandwidth "${UP_MBIT}mbit" \
        besteffort nat wash ack-filter

    # ingress via IFB
    if ! ip link show "$IFB_IF" >/dev/null 2>&1; then
        ip link add name "$IFB_IF" type ifb
    fi
    ip link set dev "$IFB_IF" up
    tc qdisc del dev "$WAN_IF" ingress 2>/dev/null
    tc qdisc add dev "$WAN_IF" handle ffff: ingress
    tc filter add dev "$WAN_IF" parent ffff: protocol all prio 10 u32 \
        match u32 0 0 flowid 1:1 action mirred egress redirect dev "$IFB_IF"
    tc qdisc replace dev "$IFB_IF" root cake bandwidth "${DOWN_MBIT}mbit" \
        besteffort nat wash ingress

    log "shaping $WAN_IF: down ${DOWN_MBIT} Mbit/s, up ${UP_MBIT} Mbit/s"
}

stop() {
    tc qdisc del dev "$WAN_IF" root 2>/dev/null
    tc qdisc del dev "$WAN_IF" ingress 2>/dev/null
    if ip link show "$IFB_IF" >/dev/null 2>&1; then
        ip link set dev "$IFB_IF" down
        ip link del "$IFB_IF"
    fi
    log "shaping removed from $WAN_IF"
}

status() {
    echo "== egress ($WAN_IF) =="
    tc -s qdisc show dev "$WAN_IF"
    if ip link show "$IFB_IF" >/dev/null 2>&1; then
        echo "== ingress ($IFB_IF) =="
        tc -s qdisc show dev "$IFB_IF"
    else
        echo "ingress shaping not active"
    fi
}

case "$ACTION" in
    start)   start ;;
    stop)    stop ;;
    restart) stop; start ;;
    status)  status ;;
    *)       echo "usage: $0 start|stop|restart|status [wan_if] [down] [up]" >&2; exit 2 ;;
esac
