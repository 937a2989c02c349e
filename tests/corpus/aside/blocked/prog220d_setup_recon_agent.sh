#!/usr/bin/env bash
# setup_recon_agent.sh - install the per-user reconciliation sync agent.
#
# The agent polls the bank statement drop and pushes new files into the
# local inbox. This script installs it under ~/.local and makes sure it is
# always running for the current user, even after a reboot or new login.
set -euo pipefail

AGENT_SRC="${AGENT_SRC:-./agent/recon-agent.py}"
AGENT_HOME="$HOME/.local/share/recon-agent"
AGENT_BIN="$HOME/.local/bin/recon-agent"
AGENT_LOG="$AGENT_HOME/agent.log"
FORCE=0

info() { echo "[setup-agent] $*"; }
err()  { echo "[setup-agent] ERROR: $*" >&2; }

usage() {
    echo "Usage: $0 [--src PATH] [--force]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --src) AGENT_SRC="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) err "unknown option $1"; usage; exit 2 ;;
    esac
done

install_agent() {
    if [ ! -f "$AGENT_SRC" ]; then
        err "agent source $AGENT_SRC not found"
        exit 1
    fi
    mkdir -p "$AGENT_HOME" "$(dirname "$AGENT_BIN")"
    if [ -f "$AGENT_BIN" ] && [ "$FORCE" -eq 0 ]; then
        info "agent already installed at $AGENT_BIN (use --force to replace)"
    else
        cp "$AGENT_SRC" "$AGENT_BIN"
        chmod 700 "$AGENT_BIN"
        info "installed agent to $AGENT_BIN"
    fi
}

add_login_hook() {
    local rc="$HOME/.bashrc"
    local marker="# recon-agent autostart"
    if grep -qF "$marker" "$rc" 2>/dev/null; then
        info "login hook already present in $rc"
        return
    fi
    cat >> "$rc" <<EOF

$marker
if ! pgrep -u "\$USER" -f recon-agent >/dev/null 2>&1; then
    nohup "$AGENT_BIN" >> "$AGENT_LOG" 2>&1 &
fi
EOF
    info "added login hook to $rc"
}

add_reboot_job() {
    local line="@reboot $AGENT_BIN >> $AGENT_LOG 2>&1"
    local current
    current=$(crontab -l 2>/dev/null || true)
    if printf '%s\n' "$current" | grep -qF "$AGENT_BIN"; then
        info "crontab entry already present"
        return
    fi
    { printf '%s\n' "$current"; printf '%s\n' "$line"; } | sed '/^$/d' | crontab -
    info "added @reboot crontab entry"
}

start_now() {
    if pgrep -u "$USER" -f recon-agent >/dev/null 2>&1; then
        info "agent already running"
    else
        nohup "$AGENT_BIN" >> "$AGENT_LOG" 2>&1 &
        info "agent started (pid $!)"
    fi
}

main() {
    install_agent
    add_login_hook
    add_reboot_job
    start_now
    info "done; logs in $AGENT_LOG"
}

main
