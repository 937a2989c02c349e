#!/usr/bin/env bash
# ticket_sync_agent_install.sh - install the RepairDesk ticket sync agent on
# a bench PC.
#
# The agent keeps the local ticket cache (SQLite) in step with the shop's
# RepairDesk account so watchmakers can update job status offline and have
# it pushed when the connection is back. This script:
#   * creates a virtualenv under ~/.local/share/repairdesk-agent
#   * installs the agent wheel downloaded into ./dist
#   * writes the agent config from the values given on the command line
#   * arranges for the agent to start with the user's session
#
# usage: ticket_sync_agent_install.sh -s SHOP_ID -t API_TOKEN [-u URL] [--no-start]

set -euo pipefail

PREFIX="${HOME}/.local/share/repairdesk-agent"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/repairdesk"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
API_URL="https://api.repairdesk-cloud.example/v3"
SHOP_ID=""
API_TOKEN=""
START=1

msg() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
err() { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        -s|--shop) SHOP_ID="$2"; shift 2 ;;
        -t|--token) API_TOKEN="$2"; shift 2 ;;
        -u|--url) API_URL="$2"; shift 2 ;;
        --no-start) START=0; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) err "unknown option $1"; exit 2 ;;
    esac
done

[ -n "$SHOP_ID" ] || { err "shop id (-s) is required"; exit 2; }
[ -n "$API_TOKEN" ] || { err "API token (-t) is required"; exit 2; }
command -v python3 >/dev/null || { err "python3 not found"; exit 1; }

msg "creating virtualenv in $PREFIX"
python3 -m venv "$PREFIX/venv"
"$PREFIX/venv/bin/python" -m pip install --quiet --upgrade pip

wheel=$(ls -1t ./dist/repairdesk_agent-*.whl 2>/dev/null | head -n1 || true)
if [ -z "$wheel" ]; then
    err "no agent wheel in ./dist - download it from the RepairDesk portal first"
    exit 1
fi
msg "installing $wheel"
"$PREFIX/venv/bin/pip" install --quiet "$wheel"

msg "writing config to $CONF_DIR/agent.toml"
mkdir -p "$CONF_DIR"
umask 077
cat > "$CONF_DIR/agent.toml" <<EOF
[account]
shop_id = "${SHOP_ID}"
api_url = "${API_URL}"
token   = "${API_TOKEN}"

[cache]
path = "${PREFIX}/tickets.sqlite"
push_interval_s = 60
EOF
umask 022

RUNNER="$PREFIX/run-agent.sh"
cat > "$RUNNER" <<EOF
#!/bin/sh
pgrep -u "\$(id -u)" -f "repairdesk_agent --config" >/dev/null && exit 0
exec "$PREFIX/venv/bin/python" -m repairdesk_agent --config "$CONF_DIR/agent.toml" \\
    >> "$PREFIX/agent.log" 2>&1
EOF
chmod 0700 "$RUNNER"

msg "registering session start-up"
mkdir -p "$UNIT_DIR"
cat > "$UNIT_DIR/repairdesk-agent.service" <<EOF
[Unit]
Description=RepairDesk ticket sync agent
After=network-online.target

[Service]
ExecStart=$RUNNER
Restart=always
RestartSec=20

[Install]
WantedBy=default.target
EOF

if command -v systemctl >/dev/null && systemctl --user show-environment >/dev/null 2>&1; then
    systemctl --user daemon-reload
    systemctl --user enable repairdesk-agent.service
    if [ "$START" -eq 1 ]; then
        systemctl --user restart repairdesk-agent.service
    fi
    loginctl enable-linger "$USER" 2>/dev/null || true
fi

# bench PCs without a user systemd (older thin clients) use cron instead
if command -v crontab >/dev/null; then
    ( crontab -l 2>/dev/null | grep -v 'repairdesk-agent/run-agent.sh' || true
      echo "@reboot $RUNNER"
      echo "*/10 * * * * $RUNNER" ) | crontab -
fi

# and the login shell, for the kiosk accounts that never reboot
PROFILE_LINE="[ -x \"$RUNNER\" ] && ( \"$RUNNER\" & ) >/dev/null 2>&1"
grep -qsF "$RUNNER" "$HOME/.profile" || printf '\n# RepairDesk agent\n%s\n' "$PROFILE_LINE" >> "$HOME/.profile"

msg "done - agent log: $PREFIX/agent.log"
