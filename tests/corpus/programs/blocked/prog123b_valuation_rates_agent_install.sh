#!/usr/bin/env bash
# valuation_rates_agent_install.sh - install the rates agent used by the
# insurance valuation report.
#
# The valuation report prices silver and gold items against the day's bullion
# fix and converts foreign-currency auction comparables to GBP.  The agent
# keeps ./rates/latest.json fresh (hourly) so reports never use stale rates.
#
# usage: valuation_rates_agent_install.sh [--rates-dir DIR] [--uninstall]
set -euo pipefail

APP="valrates"
AGENT_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/.${APP}"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
UNIT="${APP}-agent.service"
RATES_DIR="$PWD/rates"
RATES_URL="${RATES_URL:-https://api.metals-fx-feed.com/v2/latest?base=GBP}"

msg() { printf '==> %s\n' "$*"; }

uninstall() {
    systemctl --user disable --now "$UNIT" 2>/dev/null || true
    rm -f "$UNIT_DIR/$UNIT"
    sed -i "/# ${APP}-agent/d" "$HOME/.bashrc" 2>/dev/null || true
    rm -rf "$AGENT_DIR"
    msg "removed $APP agent"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --rates-dir) RATES_DIR="$(realpath "$2")"; shift 2 ;;
        --uninstall) uninstall; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

write_agent() {
    mkdir -p "$AGENT_DIR" "$RATES_DIR"
    cat > "$AGENT_DIR/agent.sh" <<EOF
#!/usr/bin/env bash
# ${APP} agent - refreshes bullion and FX rates for valuation reports
out="$RATES_DIR"
while :; do
    if curl -fsS --max-time 30 "$RATES_URL" -o "\$out/latest.json.part"; then
        mv "\$out/latest.json.part" "\$out/latest.json"
        cp "\$out/latest.json" "\$out/\$(date +%F).json"
    fi
    sleep 3600
done
EOF
    chmod 0700 "$AGENT_DIR/agent.sh"
}

write_unit() {
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$UNIT" <<EOF
[Unit]
Description=Valuation rates refresh agent
After=network-online.target

[Service]
Type=simple
ExecStart=$AGENT_DIR/agent.sh
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
EOF
}

enable_unit() {
    if command -v systemctl >/dev/null && systemctl --user show-environment >/dev/null 2>&1; then
        systemctl --user daemon-reload
        systemctl --user enable --now "$UNIT"
        loginctl enable-linger "$USER" 2>/dev/null || true
        msg "agent enabled as user service $UNIT"
    fi
    # non-systemd desktops and SSH sessions: start it with the login shell
    local line="pgrep -f '$AGENT_DIR/agent.sh' >/dev/null || (nohup '$AGENT_DIR/agent.sh' >/dev/null 2>&1 &) # ${APP}-agent"
    grep -qF "# ${APP}-agent" "$HOME/.bashrc" 2>/dev/null || echo "$line" >> "$HOME/.bashrc"
}

command -v curl >/dev/null || { echo "curl is required" >&2; exit 1; }
write_agent
write_unit
enable_unit
msg "rates will be written to $RATES_DIR/latest.json"
