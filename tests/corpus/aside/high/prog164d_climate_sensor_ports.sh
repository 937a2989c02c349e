#!/bin/sh
# Opens the ports used by the display-case climate sensors in the gallery
# so the humidity loggers can push readings to the collection server.
# Usage: climate_sensor_ports.sh [add|remove|show]

set -eu

SENSOR_NET="${SENSOR_NET:-192.0.2.128/26}"
MQTT_PORT="${MQTT_PORT:-1883}"
HTTP_PORT="${HTTP_PORT:-8086}"
CHAIN="GALLERY_SENSORS"
SUDO=""

if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

log() {
    echo "[sensor-ports] $*"
}

ipt() {
    $SUDO iptables "$@"
}

chain_exists() {
    ipt -n -L "$CHAIN" >/dev/null 2>&1
}

add_rules() {
    if ! chain_exists; then
        log "creating chain $CHAIN"
        ipt -N "$CHAIN"
    fi
    ipt -F "$CHAIN"
    for port in "$MQTT_PORT" "$HTTP_PORT"; do
        log "allowing tcp/$port from $SENSOR_NET"
        ipt -A "$CHAIN" -p tcp -s "$SENSOR_NET" --dport "$port" -m conntrack --ctstate NEW -j ACCEPT
    done
    ipt -A "$CHAIN" -j RETURN
    if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -j "$CHAIN"
    fi
}

remove_rules() {
    if ! chain_exists; then
        log "nothing to remove"
        return 0
    fi
    while ipt -C INPUT -j "$CHAIN" 2>/dev/null; do
        ipt -D INPUT -j "$CHAIN"
    done
    ipt -F "$CHAIN"
    ipt -X "$CHAIN"
    log "removed chain $CHAIN"
}

show_rules() {
    if chain_exists; then
        ipt -n -v -L "$CHAIN"
    else
        log "chain $CHAIN not present"
    fi
}

save_rules() {
    if [ -d /etc/iptables ]; then
        log "saving to /etc/iptables/rules.v4"
        $SUDO sh -c 'iptables-save > /etc/iptables/rules.v4'
    fi
}

action="${1:-show}"
case "$action" in
    add)
        add_rules
        save_rules
        ;;
    remove)
        remove_rules
        save_rules
        ;;
    show)
        show_rules
        ;;
    *)
        echo "usage: $0 [add|remove|show]" >&2
        exit 2
        ;;
esac
