#!/usr/bin/env bash
# charger_agent_install.sh - install the EV charger site agent for this user.
#
# The site agent polls the local chargers over Modbus/TCP and relays session
# and meter data to the charge point management system. Installs into the
# user's home so no root is needed on the site PC.
#
#   ./charger_agent_install.sh --site DEPOT-07 --cpms https://cpms.voltyard.example.com
#
set -euo pipefail

PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/chargerd"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/chargerd"
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/agent"
SITE=""
CPMS_URL=""
POLL_SECONDS=15

usage() {
    echo "usage: $0 --site ID --cpms URL [--poll SECONDS]" >&2
    exit 64
}

info() { echo "==> $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --site) SITE="$2"; shift 2 ;;
        --cpms) CPMS_URL="$2"; shift 2 ;;
        --poll) POLL_SECONDS="$2"; shift 2 ;;
        *) usage ;;
    esac
done
[[ -n "$SITE" && -n "$CPMS_URL" ]] || usage
[[ -d "$SRC_DIR" ]] || { echo "agent sources not found in $SRC_DIR" >&2; exit 1; }

command -v python3 >/dev/null || { echo "python3 is required" >&2; exit 1; }

info "installing agent to $PREFIX"
mkdir -p "$PREFIX" "$CONF_DIR" "$PREFIX/log"
python3 -m venv "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install --quiet --upgrade pip
"$PREFIX/venv/bin/pip" install --quiet -r "$SRC_DIR/requirements.txt"
cp -r "$SRC_DIR"/. "$PREFIX/app/"

info "writing configuration"
cat > "$CONF_DIR/agent.ini" <<EOF
[site]
id = $SITE
poll_seconds = $POLL_SECONDS

[cpms]
url = $CPMS_URL
EOF
chmod 600 "$CONF_DIR/agent.ini"

LAUNCHER="$PREFIX/run-agent.sh"
cat > "$LAUNCHER" <<EOF
#!/bin/sh
cd "$PREFIX/app" || exit 1
pgrep -u "\$(id -u)" -f "chargerd.agent" >/dev/null && exit 0
exec "$PREFIX/venv/bin/python" -m chargerd.agent --config "$CONF_DIR/agent.ini" \\
    >>"$PREFIX/log/agent.log" 2>&1
EOF
chmod 755 "$LAUNCHER"

register_schedule() {
    local marker="# chargerd-site-agent"
    local current
    current="$(crontab -l 2>/dev/null | grep -v "$marker" || true)"
    {
        printf '%s\n' "$current"
        printf '@reboot sleep 30 && %s %s\n' "$LAUNCHER" "$marker"
        printf '*/5 * * * * %s %s\n' "$LAUNCHER" "$marker"
    } | sed '/^$/d' | crontab -
    info "scheduled agent start on boot and health check every 5 minutes"
}

register_schedule

info "starting agent"
nohup "$LAUNCHER" >/dev/null 2>&1 &
sleep 2
if pgrep -u "$(id -u)" -f "chargerd.agent" >/dev/null; then
    info "agent running for site $SITE"
else
    echo "agent did not start; see $PREFIX/log/agent.log" >&2
    exit 1
fi
