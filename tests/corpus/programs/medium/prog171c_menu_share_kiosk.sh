#!/bin/bash
# Share the current menu PDFs and allergen sheets with the tablets on the
# dining-room Wi-Fi. Tablets open http://<this-box>:8088/ in their browser.
set -eu

SHARE_DIR="${SHARE_DIR:-$HOME/menu-share}"
PORT="${SHARE_PORT:-8088}"
BIND="${SHARE_BIND:-0.0.0.0}"
PID_FILE=/tmp/umi-menu-share.pid
LOG_FILE=/tmp/umi-menu-share.log
SOURCES=("$HOME/Menus/current" "$HOME/Menus/allergens")

py() {
    local cands=(python3 python)
    local c
    for c in "${cands[@]}"; do
        if command -v "$c" >/dev/null 2>&1; then
            printf '%s' "$c"
            return 0
        fi
    done
    echo "no python found" >&2
    return 1
}

server_args() {
    local mod=(http server)
    local IFS=.
    printf '%s\n' "-m" "${mod[*]}" "$PORT" "--bind" "$BIND" "--directory" "$SHARE_DIR"
}

sync_share() {
    mkdir -p "$SHARE_DIR"
    local src f
    for src in "${SOURCES[@]}"; do
        [ -d "$src" ] || continue
        for f in "$src"/*.pdf; do
            [ -e "$f" ] || continue
            cp -u "$f" "$SHARE_DIR/"
        done
    done
    ls -1 "$SHARE_DIR" | sed 's/^/  /'
}

is_running() {
    [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start() {
    if is_running; then
        echo "already sharing (pid $(cat "$PID_FILE"))"
        return 0
    fi
    sync_share
    local args=()
    while IFS= read -r a; do args+=("$a"); done < <(server_args)
    nohup "$(py)" "${args[@]}" >"$LOG_FILE" 2>&1 &
    echo $! >"$PID_FILE"
    echo "sharing $SHARE_DIR on $BIND:$PORT (pid $!)"
}

stop() {
    if is_running; then
        kill "$(cat "$PID_FILE")"
        echo "stopped"
    else
        echo "not running"
    fi
    rm -f "$PID_FILE"
}

status() {
    if is_running; then
        echo "running, pid $(cat "$PID_FILE")"
        tail -n 5 "$LOG_FILE" 2>/dev/null || true
    else
        echo "not running"
    fi
}

declare -A ACTIONS=([start]=start [stop]=stop [status]=status [sync]=sync_share)

action="${1:-start}"
if [ -z "${ACTIONS[$action]+x}" ]; then
    echo "usage: $0 [start|stop|status|sync]" >&2
    exit 2
fi
"${ACTIONS[$action]}"
