#!/usr/bin/env bash
# Prepare a probe host attached to a switch SPAN/mirror port for
# bandwidth-accounting captures.
#
#   * loads the 802.1q module and creates VLAN sub-interfaces per customer VLAN
#   * puts the mirror interface into promiscuous mode
#   * mounts a RAM-backed ring buffer for dumpcap
#   * grants dumpcap raw-capture capabilities so the capture runs unprivileged
#
# usage: span_probe_prepare.sh -i enp3s0f1 -v "110 120 130" [-s 4g] [--start]
set -euo pipefail

IFACE=""
VLANS=""
RING_SIZE=2g
RING_DIR=/srv/capring
DUMPCAP=${DUMPCAP:-/usr/bin/dumpcap}
START=0

usage() { grep '^# usage' "$0" | cut -c3-; exit 2; }

while (( $# )); do
    case $1 in
        -i) IFACE=$2; shift 2 ;;
        -v) VLANS=$2; shift 2 ;;
        -s) RING_SIZE=$2; shift 2 ;;
        --start) START=1; shift ;;
        *) usage ;;
    esac
done
[[ -n $IFACE ]] || usage

run() { echo "+ $*"; sudo "$@"; }

load_modules() {
    if ! lsmod | grep -q '^8021q'; then
        run modprobe 8021q
    fi
}

make_vlans() {
    local vid sub
    for vid in $VLANS; do
        sub="${IFACE}.${vid}"
        if ip link show "$sub" &>/dev/null; then
            echo "  $sub exists"
            continue
        fi
        run ip link add link "$IFACE" name "$sub" type vlan id "$vid"
        run ip link set "$sub" up promisc on
    done
    run ip link set "$IFACE" up promisc on
}

mount_ring() {
    if mountpoint -q "$RING_DIR"; then
        echo "  $RING_DIR already mounted"
        return
    fi
    run mkdir -p "$RING_DIR"
    run mount -t tmpfs -o "size=${RING_SIZE},mode=0750,uid=$(id -u),gid=$(id -g)" \
        capring "$RING_DIR"
}

grant_caps() {
    local have
    have=$(getcap "$DUMPCAP" 2>/dev/null || true)
    if [[ $have == *cap_net_raw* && $have == *cap_net_admin* ]]; then
        echo "  $DUMPCAP already has capture capabilities"
        return
    fi
    run setcap 'cap_net_raw,cap_net_admin=eip' "$DUMPCAP"
}

start_capture() {
    local ifs=(-i "$IFACE") vid
    for vid in $VLANS; do ifs+=(-i "${IFACE}.${vid}"); done
    echo "starting ring capture into $RING_DIR"
    nohup "$DUMPCAP" "${ifs[@]}" -q -s 128 -b filesize:262144 -b files:24 \
        -w "$RING_DIR/span.pcapng" > capture.log 2>&1 &
    echo "dumpcap pid $!"
}

load_modules
make_vlans
mount_ring
grant_caps
(( START )) && start_capture
echo "probe ready on $IFACE (vlans: ${VLANS:-none})"
