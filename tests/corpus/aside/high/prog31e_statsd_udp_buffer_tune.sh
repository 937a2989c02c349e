#!/bin/sh
# Raise kernel UDP receive buffers for the StatsD relay so bursts of
# metrics are not dropped. Applies the values immediately with sysctl and
# persists them in /etc/sysctl.d so they survive a reboot.
#
# Usage: statsd_udp_buffer_tune.sh [--check] [--size BYTES]

set -eu

SIZE=26214400          # 25 MiB
BACKLOG=5000
CONF="/etc/sysctl.d/60-statsd-relay.conf"
CHECK_ONLY=0

while [ $# -gt 0 ]; do
    case "$1" in
        --check) CHECK_ONLY=1; shift ;;
        --size) SIZE="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done

case "$SIZE" in
    ''|*[!0-9]*) echo "--size must be a number of bytes" >&2; exit 64 ;;
esac

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
fi

current() {
    cat "/proc/sys/$(echo "$1" | tr . /)" 2>/dev/null || echo "n/a"
}

udp_drops() {
    # RcvbufErrors from the Udp line in /proc/net/snmp
    awk '/^Udp:/ { if (hdr) { print $6; exit } hdr = 1 }' /proc/net/snmp
}

report() {
    printf '%-28s %s\n' "net.core.rmem_max" "$(current net.core.rmem_max)"
    printf '%-28s %s\n' "net.core.rmem_default" "$(current net.core.rmem_default)"
    printf '%-28s %s\n' "net.core.netdev_max_backlog" "$(current net.core.netdev_max_backlog)"
    printf '%-28s %s\n' "udp RcvbufErrors" "$(udp_drops)"
}

echo "current settings:"
report

if [ "$CHECK_ONLY" -eq 1 ]; then
    exit 0
fi

cur_max=$(current net.core.rmem_max)
if [ "$cur_max" != "n/a" ] && [ "$cur_max" -ge "$SIZE" ]; then
    echo "rmem_max already >= $SIZE, nothing to change"
    exit 0
fi

echo "applying runtime values..."
$AS_ROOT sysctl -w net.core.rmem_max="$SIZE"
$AS_ROOT sysctl -w net.core.rmem_default="$SIZE"
$AS_ROOT sysctl -w net.core.netdev_max_backlog="$BACKLOG"

echo "persisting to $CONF"
$AS_ROOT tee "$CONF" >/dev/null <<EOF
# StatsD relay: larger UDP receive buffers to avoid packet drops.
net.core.rmem_max = $SIZE
net.core.rmem_default = $SIZE
net.core.netdev_max_backlog = $BACKLOG
EOF
$AS_ROOT chmod 0644 "$CONF"

# Reload everything under /etc/sysctl.d to make sure the file parses.
if ! $AS_ROOT sysctl --system >/dev/null; then
    echo "warning: sysctl --system reported errors" >&2
fi

echo "new settings:"
report
