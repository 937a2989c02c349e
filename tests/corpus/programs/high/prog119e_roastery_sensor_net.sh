#!/bin/sh
# roastery_sensor_net.sh - get the logging PC ready to receive UDP telemetry
# from the roaster and the drum/exhaust probes (ESP32 bridges broadcast one
# JSON datagram per second per probe to udp/5005 on the roastery VLAN).
#
#  1. raise the kernel's UDP receive buffers so bursts at charge aren't dropped
#  2. let the sensor subnet through to the collector port
#  3. write ./collector.ini for the telemetry collector
#  4. optionally listen for a few seconds to confirm probes are sending
#
# usage: roastery_sensor_net.sh [-s subnet] [-p port] [-t]
set -eu

SUBNET="${SENSOR_SUBNET:-10.20.30.0/24}"
UDP_PORT="${SENSOR_PORT:-5005}"
RMEM="${SENSOR_RMEM:-8388608}"
SYSCTL_FILE="/etc/sysctl.d/60-roast-telemetry.conf"
CONF_OUT="./collector.ini"
LISTEN_TEST=0

info() { printf 'sensor-net: %s\n' "$*" >&2; }
fail() { info "error: $*"; exit 1; }

need() {
    command -v "$1" >/dev/null 2>&1 || fail "$1 is required"
}

while getopts "s:p:th" opt; do
    case "$opt" in
        s) SUBNET="$OPTARG" ;;
        p) UDP_PORT="$OPTARG" ;;
        t) LISTEN_TEST=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

case "$UDP_PORT" in
    ''|*[!0-9]*) fail "port must be numeric" ;;
esac

tune_buffers() {
    current=$(cat /proc/sys/net/core/rmem_max)
    if [ "$current" -ge "$RMEM" ]; then
        info "rmem_max already $current"
        return 0
    fi
    info "raising rmem_max $current -> $RMEM"
    sudo sysctl -q -w net.core.rmem_max="$RMEM" net.core.rmem_default=$((RMEM / 4))
    printf '# roastery telemetry collector (udp/%s)\nnet.core.rmem_max = %s\nnet.core.rmem_default = %s\n' \
        "$UDP_PORT" "$RMEM" $((RMEM / 4)) | sudo tee "$SYSCTL_FILE" >/dev/null
}

allow_sensors() {
    if sudo iptables -C INPUT -p udp -s "$SUBNET" --dport "$UDP_PORT" -j ACCEPT 2>/dev/null; then
        info "rule for $SUBNET -> udp/$UDP_PORT already present"
        return 0
    fi
    info "accepting udp/$UDP_PORT from $SUBNET"
    sudo iptables -I INPUT 1 -p udp -s "$SUBNET" --dport "$UDP_PORT" \
        -m comment --comment "roast-telemetry" -j ACCEPT
}

write_conf() {
    cat > "$CONF_OUT" <<EOF
[listen]
address = 0.0.0.0
port = $UDP_PORT
rcvbuf = $RMEM

[sources]
subnet = $SUBNET

[output]
directory = ./telemetry
rotate_minutes = 60
EOF
    info "collector config written to $CONF_OUT"
}

listen_test() {
    need python3
    info "listening 10s for probe datagrams on udp/$UDP_PORT"
    timeout 12 python3 -c '
import socket, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(("", int(sys.argv[1])))
s.settimeout(1.0)
seen, end = {}, time.time() + 10
while time.time() < end:
    try:
        data, addr = s.recvfrom(2048)
    except socket.timeout:
        continue
    seen[addr[0]] = seen.get(addr[0], 0) + 1
for ip, n in sorted(seen.items()):
    print("  %-15s %d datagrams" % (ip, n))
print("no probes heard" if not seen else "%d probe(s) heard" % len(seen))
' "$UDP_PORT"
}

need sudo
need iptables
need sysctl
tune_buffers
allow_sensors
write_conf
[ "$LISTEN_TEST" -eq 1 ] && listen_test
info "done"
