#!/usr/bin/env bash
# auction_clock_multicast_tune.sh - prepare a buyer terminal at the fish
# auction hall to receive the Dutch clock price feed.  The clock controller
# publishes ticks on a UDP multicast group; on stock terminals the packets get
# dropped by the host firewall and the default socket buffers overflow when
# the clock runs fast at the start of a lot.
#
# Usage: auction_clock_multicast_tune.sh [-i iface] [-g group] [-p port] [--check]
set -euo pipefail

IFACE=""
GROUP="239.192.40.7"
PORT=45007
RMEM=8388608
CHECK_ONLY=0
PROFILE="${CLOCK_PROFILE:-./clockfeed.env}"

info() { printf '\033[1m*\033[0m %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

[[ -f "$PROFILE" ]] && source "$PROFILE"

while (( $# )); do
    case "$1" in
        -i) IFACE="$2"; shift 2 ;;
        -g) GROUP="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
done

if [[ -z "$IFACE" ]]; then
    IFACE=$(ip -o route get 239.192.40.7 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="dev"){print $(i+1); exit}}')
    [[ -n "$IFACE" ]] || fail "could not determine the hall LAN interface, use -i"
fi
info "hall interface: $IFACE, feed $GROUP:$PORT"

PRIV=""
if [[ $(id -u) -ne 0 ]]; then
    for p in sudo doas; do
        if command -v "$p" >/dev/null; then PRIV="$p"; break; fi
    done
    [[ -n "$PRIV" ]] || fail "need root (sudo or doas) to change kernel and firewall settings"
fi

report() {
    echo "--- current state ---"
    printf 'rmem_max=%s rmem_default=%s\n' \
        "$(cat /proc/sys/net/core/rmem_max)" "$(cat /proc/sys/net/core/rmem_default)"
    printf 'rp_filter(%s)=%s\n' "$IFACE" "$(cat /proc/sys/net/ipv4/conf/"$IFACE"/rp_filter)"
    ip maddr show dev "$IFACE" | grep -q "$GROUP" && echo "joined $GROUP" || echo "not joined $GROUP"
}

tune_kernel() {
    local cur
    cur=$(cat /proc/sys/net/core/rmem_max)
    if (( cur < RMEM )); then
        $PRIV sysctl -q -w net.core.rmem_max="$RMEM"
        $PRIV sysctl -q -w net.core.rmem_default="$((RMEM / 2))"
        info "raised socket receive buffers to $RMEM"
    fi
    # the clock controller sits on a different VLAN than the buyers
    $PRIV sysctl -q -w "net.ipv4.conf.$IFACE.rp_filter=2"
    $PRIV sysctl -q -w net.ipv4.igmp_max_memberships=64
}

open_firewall() {
    local rule=(INPUT -i "$IFACE" -p udp -d "$GROUP" --dport "$PORT" -j ACCEPT)
    if $PRIV iptables -C "${rule[@]}" 2>/dev/null; then
        info "firewall rule already present"
    else
        $PRIV iptables -I "${rule[@]}"
        $PRIV iptables -I INPUT -i "$IFACE" -p igmp -j ACCEPT
        info "firewall opened for $GROUP:$PORT"
    fi
}

probe_feed() {
    python3 - "$GROUP" "$PORT" "$IFACE" <<'PY'
import socket, struct, sys
grp, port, iface = sys.argv[1], int(sys.argv[2]), sys.argv[3]
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind((grp, port))
mreq = struct.pack("4sl", socket.inet_aton(grp), socket.INADDR_ANY)
s.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, mreq)
s.settimeout(10)
try:
    data, src = s.recvfrom(2048)
    print(f"tick from {src[0]}: {data[:60]!r}")
except socket.timeout:
    print("no ticks within 10s (clock may be idle between sales)")
PY
}

report
if (( CHECK_ONLY )); then exit 0; fi
tune_kernel
open_firewall
probe_feed
report
