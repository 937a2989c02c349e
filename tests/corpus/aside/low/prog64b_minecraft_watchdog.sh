#!/usr/bin/env bash
# minecraft_watchdog.sh - keep a Paper/Spigot server alive and restart it when
# it stops answering. Meant to be run from the server directory inside tmux.
#
# usage: ./minecraft_watchdog.sh [-c watchdog.conf] [-i interval] [--once]

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF_FILE="${SCRIPT_DIR}/watchdog.conf"
INTERVAL=30
RUN_ONCE=0

# defaults, overridable from watchdog.conf
SERVER_JAR="paper.jar"
JAVA_BIN="java"
JVM_OPTS="-Xms2G -Xmx4G -XX:+UseG1GC"
SERVER_PORT=25565
MAX_RESTARTS=5
STATE_DIR="${SCRIPT_DIR}/.watchdog"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" | tee -a "${STATE_DIR}/watchdog.log" >&2
}

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -c|--config) CONF_FILE="$2"; shift 2 ;;
            -i|--interval) INTERVAL="$2"; shift 2 ;;
            --once) RUN_ONCE=1; shift ;;
            -h|--help) usage ;;
            *) echo "unknown option: $1" >&2; usage ;;
        esac
    done
}

load_config() {
    if [[ -f "$CONF_FILE" ]]; then
        local key value
        while IFS='=' read -r key value; do
            [[ -z "$key" || "$key" == \#* ]] && continue
            value="${value%\"}"; value="${value#\"}"
            case "$key" in
                SERVER_JAR) SERVER_JAR="$value" ;;
                JAVA_BIN) JAVA_BIN="$value" ;;
                JVM_OPTS) JVM_OPTS="$value" ;;
                SERVER_PORT) SERVER_PORT="$value" ;;
                MAX_RESTARTS) MAX_RESTARTS="$value" ;;
                *) echo "ignoring unknown config key: $key" >&2 ;;
            esac
        done <"$CONF_FILE"
    fi
    mkdir -p "$STATE_DIR"
}

server_pid() {
    local pidfile="${STATE_DIR}/server.pid"
    [[ -f "$pidfile" ]] || return 1
    local pid
    pid="$(<"$pidfile")"
    if kill -0 "$pid" 2>/dev/null; then
        echo "$pid"
        return 0
    fi
    return 1
}

port_answers() {
    # a bare TCP connect is enough to tell a hung JVM from a live one
    timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/${SERVER_PORT}" 2>/dev/null
}

start_server() {
    log INFO "starting ${SERVER_JAR}"
    cd "$SCRIPT_DIR"
    # shellcheck disable=SC2086
    nohup "$JAVA_BIN" $JVM_OPTS -jar "$SERVER_JAR" --nogui \
        >>"${STATE_DIR}/server.out" 2>&1 &
    echo $! >"${STATE_DIR}/server.pid"
    sleep 20
}

stop_server() {
    local pid="$1"
    log WARN "stopping unresponsive server pid ${pid}"
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 30); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 1
    done
    kill -KILL "$pid" 2>/dev/null || true
}

check_once() {
    local pid
    if ! pid="$(server_pid)"; then
        log WARN "server process not running"
        start_server
        return 1
    fi
    if ! port_answers; then
        log WARN "port ${SERVER_PORT} not answering"
        stop_server "$pid"
        start_server
        return 1
    fi
    return 0
}

main() {
    parse_args "$@"
    load_config
    log INFO "watchdog up (interval=${INTERVAL}s, jar=${SERVER_JAR})"

    local restarts=0
    while true; do
        if check_once; then
            restarts=0
        else
            restarts=$((restarts + 1))
            if (( restarts >= MAX_RESTARTS )); then
                log ERROR "giving up after ${restarts} consecutive restarts"
                exit 2
            fi
        fi
        (( RUN_ONCE )) && break
        sleep "$INTERVAL"
    done
}

main "$@"
