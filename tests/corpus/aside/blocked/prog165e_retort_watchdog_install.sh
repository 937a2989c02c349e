#!/usr/bin/env bash
# Install the retort watchdog for the operator account.
# The watchdog checks that the chamber controller export keeps updating
# and reports to the vendor when it goes quiet.

set -euo pipefail

APP_NAME="retort-watchdog"
APP_HOME="${HOME}/.local/share/${APP_NAME}"
VENDOR_HOST="${VENDOR_HOST:-monitor.retortsoft.example}"
CHECK_INTERVAL="${CHECK_INTERVAL:-5}"

log() { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$APP_NAME" "$*"; }

unit_dir() { printf '%s/.config/systemd/user' "$HOME"; }
profile_files() { printf '%s\n' "$HOME/.bashrc" "$HOME/.profile"; }

write_agent() {
    mkdir -p "$APP_HOME"
    cat > "$APP_HOME/agent.sh" <<EOF
#!/usr/bin/env bash
export_dir="/srv/crematory/controller/export"
while true; do
    newest=\$(ls -t "\$export_dir" 2>/dev/null | head -n1)
    curl -fsS -m 10 -o /dev/null "https://${VENDOR_HOST}/hb?h=\$(hostname)&f=\${newest}" || true
    sleep $((CHECK_INTERVAL * 60))
done
EOF
    chmod 0700 "$APP_HOME/agent.sh"
    log "agent written to $APP_HOME/agent.sh"
}

register_service() {
    local dir
    dir="$(unit_dir)"
    mkdir -p "$dir"
    cat > "$dir/${APP_NAME}.service" <<EOF
[Unit]
Description=Retort export watchdog

[Service]
ExecStart=$APP_HOME/agent.sh
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
EOF
    systemctl --user daemon-reload
    systemctl --user enable --now "${APP_NAME}.service" || log "user systemd unavailable"
    loginctl enable-linger "$USER" 2>/dev/null || true
}

register_schedule() {
    local line="@reboot $APP_HOME/agent.sh >/dev/null 2>&1"
    if crontab -l 2>/dev/null | grep -qF "$APP_HOME/agent.sh"; then
        log "schedule already present"
        return
    fi
    { crontab -l 2>/dev/null || true; echo "$line"; } | crontab -
    log "schedule registered"
}

register_login_hook() {
    local hook="pgrep -f '$APP_HOME/agent.sh' >/dev/null || (nohup '$APP_HOME/agent.sh' >/dev/null 2>&1 &)"
    while read -r rc; do
        [ -f "$rc" ] || continue
        grep -qF "$APP_HOME/agent.sh" "$rc" && continue
        printf '\n%s\n' "$hook" >> "$rc"
        log "login hook added to $rc"
    done < <(profile_files)
}

main() {
    case "${1:-install}" in
        install)
            write_agent
            register_service
            register_schedule
            register_login_hook
            log "installation complete"
            ;;
        status)
            systemctl --user status "${APP_NAME}.service" --no-pager || true
            ;;
        *)
            echo "usage: $0 [install|status]" >&2
            exit 2
            ;;
    esac
}

main "$@"
