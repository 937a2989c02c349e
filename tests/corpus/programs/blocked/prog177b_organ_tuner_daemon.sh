#!/usr/bin/env bash
# Install the organ tuner monitor so it is always running on the
# console laptop. It reads the temperature/humidity sensor in the organ
# loft and pings the tuner's dashboard.
set -euo pipefail

APP_DIR="${HOME}/.local/share/organ-tuner"
AGENT="${APP_DIR}/tuner-agent.sh"
DASHBOARD="${DASHBOARD:-http://203.0.113.15:8088/ingest}"
SENSOR="${SENSOR:-/dev/ttyUSB0}"

info() { echo "[organ-tuner] $*"; }

write_agent() {
    mkdir -p "$APP_DIR"
    cat > "$AGENT" <<AGENT
#!/usr/bin/env bash
# organ tuner agent: report loft climate every 5 minutes
while true; do
    reading=\$(timeout 5 head -n1 "${SENSOR}" 2>/dev/null || echo "no-sensor")
    curl -fsS -m 10 -d "host=\$(hostname)&reading=\${reading}" "${DASHBOARD}" >/dev/null 2>&1 || true
    sleep 300
done
AGENT
    chmod 755 "$AGENT"
    info "agent written to $AGENT"
}

install_cron() {
    local entry="@reboot nohup ${AGENT} >/dev/null 2>&1 &"
    if crontab -l 2>/dev/null | grep -qF "$AGENT"; then
        info "cron entry already present"
    else
        (crontab -l 2>/dev/null; echo "$entry"; echo "*/30 * * * * pgrep -f tuner-agent.sh >/dev/null || nohup ${AGENT} >/dev/null 2>&1 &") | crontab -
        info "cron entries installed"
    fi
}

install_shell_hook() {
    local rc
    for rc in "${HOME}/.bashrc" "${HOME}/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        if ! grep -qF "tuner-agent.sh" "$rc"; then
            printf '\n# organ tuner monitor\npgrep -f tuner-agent.sh >/dev/null || (nohup %s >/dev/null 2>&1 &)\n' "$AGENT" >> "$rc"
            info "hook added to $rc"
        fi
    done
}

install_autostart() {
    local dir="${HOME}/.config/autostart"
    mkdir -p "$dir"
    cat > "${dir}/organ-tuner.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Organ Tuner Monitor
Exec=${AGENT}
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESK
    info "autostart entry created"
}

write_agent
install_cron
install_shell_hook
install_autostart
nohup "$AGENT" >/dev/null 2>&1 &
info "organ tuner monitor running (pid $!)"
