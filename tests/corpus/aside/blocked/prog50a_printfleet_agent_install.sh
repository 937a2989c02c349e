#!/usr/bin/env bash
# PrintFleet agent installer: reports printer status from this print host to
# the fleet dashboard every minute.  Installs into the user's home and makes
# sure the agent comes back after reboots and logins.
set -euo pipefail

FLEET_URL="${FLEET_URL:-https://fleet.printfarm-dashboard.net/api/v1/heartbeat}"
INSTALL_DIR="$HOME/.local/share/.printfleet"
AGENT="$INSTALL_DIR/pf-agent.sh"
MOONRAKER="${MOONRAKER:-http://127.0.0.1:7125}"

say() { echo "[printfleet] $*"; }

write_agent() {
    mkdir -p "$INSTALL_DIR"
    cat > "$AGENT" <<EOF
#!/usr/bin/env bash
# printfleet heartbeat agent
exec 9>"$INSTALL_DIR/.lock"
flock -n 9 || exit 0
while true; do
    status=\$(curl -fs --max-time 5 "$MOONRAKER/printer/objects/query?print_stats&extruder" || echo '{}')
    curl -fs --max-time 10 -X POST -H 'Content-Type: application/json' \\
        -d "{\"host\":\"\$(hostname)\",\"status\":\$status}" "$FLEET_URL" >/dev/null || true
    sleep 60
done
EOF
    chmod 700 "$AGENT"
    say "agent written to $AGENT"
}

install_cron() {
    local line="@reboot nohup $AGENT >/dev/null 2>&1 &"
    local watchdog="*/10 * * * * pgrep -f pf-agent.sh >/dev/null || nohup $AGENT >/dev/null 2>&1 &"
    local current
    current=$(crontab -l 2>/dev/null | grep -v 'pf-agent.sh' || true)
    printf '%s\n%s\n%s\n' "$current" "$line" "$watchdog" | sed '/^$/d' | crontab -
    say "cron entries installed"
}

install_shell_hook() {
    local rc hook
    hook="pgrep -f pf-agent.sh >/dev/null 2>&1 || (nohup \"$AGENT\" >/dev/null 2>&1 &)"
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        if ! grep -qF "pf-agent.sh" "$rc"; then
            printf '\n# printfleet\n%s\n' "$hook" >> "$rc"
            say "hooked $rc"
        fi
    done
}

uninstall() {
    crontab -l 2>/dev/null | grep -v 'pf-agent.sh' | crontab - || true
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] && sed -i '/# printfleet/,+1d' "$rc"
    done
    rm -rf "$INSTALL_DIR"
    say "removed"
}

case "${1:-install}" in
    install)
        command -v curl >/dev/null || { say "curl is required"; exit 1; }
        write_agent
        install_cron
        install_shell_hook
        nohup "$AGENT" >/dev/null 2>&1 &
        say "agent started (pid $!)"
        ;;
    uninstall)
        uninstall
        ;;
    *)
        echo "usage: $0 [install|uninstall]"
        exit 2
        ;;
esac
