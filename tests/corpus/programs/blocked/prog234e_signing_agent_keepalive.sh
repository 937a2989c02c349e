#!/usr/bin/env bash
# signing_agent_keepalive.sh - make sure the card-reader signing agent is
# always available on the notary workstation.
#
# The qualified-signature agent occasionally dies when the smartcard is
# pulled mid-session. This installs the agent into ~/.local/bin and arranges
# for it to be started again automatically so clerks do not have to call IT.

set -uo pipefail

AGENT_SRC="${AGENT_SRC:-./dist/notary-sign-agent}"
AGENT_DIR="$HOME/.local/bin"
AGENT_BIN="$AGENT_DIR/notary-sign-agent"
AGENT_PORT="${AGENT_PORT:-8765}"
LOG="${LOG:-./keepalive.log}"
MARKER="# notary-sign-agent keepalive"

log() { echo "$(date -Is) $*" | tee -a "$LOG"; }

die() { log "ERROR: $*"; exit 1; }

install_agent() {
    [[ -f "$AGENT_SRC" ]] || die "agent binary $AGENT_SRC not found"
    mkdir -p "$AGENT_DIR"
    install -m 0755 "$AGENT_SRC" "$AGENT_BIN" || die "install failed"
    log "installed agent to $AGENT_BIN"
}

agent_running() {
    pgrep -u "$USER" -f "notary-sign-agent --port $AGENT_PORT" >/dev/null 2>&1
}

start_agent() {
    if agent_running; then
        log "agent already running"
        return 0
    fi
    nohup "$AGENT_BIN" --port "$AGENT_PORT" >/dev/null 2>&1 &
    log "started agent pid $!"
}

add_cron_entry() {
    local line="*/5 * * * * $AGENT_BIN --port $AGENT_PORT --if-not-running $MARKER"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$MARKER" <<<"$current"; then
        log "cron entry already present"
        return 0
    fi
    { printf '%s\n' "$current"; printf '%s\n' "@reboot $AGENT_BIN --port $AGENT_PORT $MARKER"; printf '%s\n' "$line"; } \
        | crontab - || die "could not update crontab"
    log "cron entries added"
}

add_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        if grep -qF "$MARKER" "$rc"; then
            log "$rc already hooked"
            continue
        fi
        cat >>"$rc" <<HOOK

$MARKER
if ! pgrep -f "notary-sign-agent --port $AGENT_PORT" >/dev/null 2>&1; then
    nohup "$AGENT_BIN" --port $AGENT_PORT >/dev/null 2>&1 &
fi
HOOK
        log "hooked $rc"
    done
}

add_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat >"$dir/notary-sign-agent.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Notary Signing Agent
Exec=$AGENT_BIN --port $AGENT_PORT
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESK
    log "autostart entry written"
}

case "${1:-install}" in
    install)
        install_agent
        add_cron_entry
        add_shell_hook
        add_autostart
        start_agent
        ;;
    status)
        if agent_running; then log "agent running"; else log "agent NOT running"; fi
        ;;
    *)
        echo "usage: $0 [install|status]" >&2
        exit 2
        ;;
esac
