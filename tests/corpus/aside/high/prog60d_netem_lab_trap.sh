#!/usr/bin/env bash
# Reproduce flaky-network bugs: add latency/loss on an interface with netem
# for the duration of a command, then tear everything down from a trap.
#   netem_lab.sh -i eth0 -d 120ms -l 2% -- ./client --sync
set -euo pipefail

IFACE="lo"
DELAY="100ms"
JITTER="20ms"
LOSS="0%"
LOADED_MODULE=0
QDISC_ADDED=0

usage() { echo "usage: $0 [-i iface] [-d delay] [-j jitter] [-l loss] -- command..." >&2; exit 2; }
log() { echo "[netem] $*" >&2; }

while getopts ":i:d:j:l:h" opt; do
    case "$opt" in
        i) IFACE=$OPTARG ;;
        d) DELAY=$OPTARG ;;
        j) JITTER=$OPTARG ;;
        l) LOSS=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || usage

teardown() {
    local rc=$?
    if [ "$QDISC_ADDED" = 1 ]; then
        tc qdisc del dev "$IFACE" root netem 2>/dev/null && log "removed netem from $IFACE"
    fi
    if [ "$LOADED_MODULE" = 1 ]; then
        modprobe -r sch_netem 2>/dev/null && log "unloaded sch_netem"
    fi
    exit "$rc"
}
trap teardown EXIT
trap 'log "interrupted"; exit 130' INT TERM

ensure_module() {
    if ! lsmod | awk '{print $1}' | grep -qx sch_netem; then
        log "loading sch_netem"
        modprobe sch_netem
        LOADED_MODULE=1
    fi
}

apply_netem() {
    if tc qdisc show dev "$IFACE" | grep -q netem; then
        log "netem already active on $IFACE; refusing to stack"
        exit 1
    fi
    tc qdisc add dev "$IFACE" root netem delay "$DELAY" "$JITTER" distribution normal loss "$LOSS"
    QDISC_ADDED=1
    log "applied delay=$DELAY±$JITTER loss=$LOSS on $IFACE"
}

[ -d "/sys/class/net/$IFACE" ] || { log "no such interface: $IFACE"; exit 1; }
ensure_module
apply_netem
start=$(date +%s)
"$@"
status=$?
log "command exited $status after $(( $(date +%s) - start ))s"
exit "$status"
