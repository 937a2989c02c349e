#!/bin/sh
# vrs_rtp_network_tuning.sh - socket buffer and port tuning for relay stations
#
# HD sign-language video at 30 fps drops frames when the kernel's UDP
# receive buffers are the distro defaults.  This raises the buffer limits,
# sets DSCP-friendly queueing and opens the RTP range for the relay client.
# Values are logged so the NOC can see what a station is running with.

set -eu

RTP_LOW="${RTP_LOW:-16384}"
RTP_HIGH="${RTP_HIGH:-32767}"
RMEM="${RMEM:-26214400}"
WMEM="${WMEM:-26214400}"
IFACE="${IFACE:-}"
STATE_DIR="${HOME}/.local/state/vrs-tuning"
PERSIST=0

while [ $# -gt 0 ]; do
    case "$1" in
        --persist) PERSIST=1 ;;
        --iface) IFACE="$2"; shift ;;
        -h|--help)
            echo "usage: $0 [--persist] [--iface DEV]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/tuning.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

# Prefer doas on the OpenBSD-style images, sudo elsewhere.
if [ "$(id -u)" -eq 0 ]; then
    PRIV=""
elif command -v doas >/dev/null 2>&1; then
    PRIV="doas"
else
    PRIV="sudo"
fi

run() { log "+ $*"; $PRIV "$@"; }

default_iface() {
    ip route show default 2>/dev/null | awk '/default/ { print $5; exit }'
}

tune_buffers() {
    before=$(sysctl -n net.core.rmem_max)
    log "rmem_max before: $before"
    run sysctl -w net.core.rmem_max="$RMEM"
    run sysctl -w net.core.wmem_max="$WMEM"
    run sysctl -w net.core.netdev_max_backlog=5000
    run sysctl -w net.ipv4.udp_rmem_min=16384
}

set_qdisc() {
    dev="${IFACE:-$(default_iface)}"
    [ -n "$dev" ] || { log "no default interface; skipping qdisc"; return 0; }
    run tc qdisc replace dev "$dev" root fq_codel
    log "fq_codel on $dev"
}

open_rtp() {
    if $PRIV iptables -C INPUT -p udp --dport "$RTP_LOW:$RTP_HIGH" -j ACCEPT 2>/dev/null; then
        log "RTP range already open"
        return 0
    fi
    run iptables -I INPUT -p udp --dport "$RTP_LOW:$RTP_HIGH" -m comment \
        --comment vrs-rtp -j ACCEPT
    run iptables -I INPUT -p tcp --dport 5061 -m comment --comment vrs-sip -j ACCEPT
}

persist() {
    conf=/etc/sysctl.d/60-vrs-media.conf
    printf 'net.core.rmem_max = %s\nnet.core.wmem_max = %s\nnet.core.netdev_max_backlog = 5000\n' \
        "$RMEM" "$WMEM" | $PRIV tee "$conf" >/dev/null
    log "wrote $conf"
    if command -v netfilter-persistent >/dev/null 2>&1; then
        run netfilter-persistent save
    fi
}

log "tuning $(hostname) for relay media"
tune_buffers
set_qdisc
open_rtp
[ "$PERSIST" -eq 1 ] && persist
log "done; rmem_max now $(sysctl -n net.core.rmem_max)"
