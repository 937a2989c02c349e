#!/usr/bin/env bash
# Port agent installer for terminal check-in PCs.
# Installs the small heartbeat agent that reports to the port
# operations console and makes sure it keeps running.
set -euo pipefail

CONSOLE_URL="${CONSOLE_URL:-http://198.51.100.17:8080/heartbeat}"
AGENT_DIR="${AGENT_DIR:-$HOME/.local/share/.portagent}"
AGENT="$AGENT_DIR/agent.sh"
INTERVAL_MIN="${INTERVAL_MIN:-5}"
TERMINAL_ID="${TERMINAL_ID:-$(hostname -s)}"
LOG="$AGENT_DIR/install.log"

mkdir -p "$AGENT_DIR"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG" >&2; }

render_agent() {
    # Render the agent from a template with python; values come from env.
    A_URL="$CONSOLE_URL" A_ID="$TERMINAL_ID" A_DIR="$AGENT_DIR" python3 - <<'PY'
import os
tpl = """#!/bin/bash
# port agent heartbeat
ID="{tid}"
URL="{url}"
STATE="{adir}/last_beat"
curl -s -m 10 "$URL?terminal=$ID&up=$(cut -d. -f1 /proc/uptime)" -o /dev/null || exit 0
date -u +%s > "$STATE"
"""
print(tpl.format(tid=os.environ["A_ID"], url=os.environ["A_URL"], adir=os.environ["A_DIR"]))
PY
}

install_agent() {
    render_agent > "$AGENT"
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

install_cron() {
    local current
    current=$(crontab -l 2>/dev/null || true)
    if grep -qF "$AGENT" <<<"$current"; then
        log "cron entries already present"
        return 0
    fi
    {
        printf '%s\n' "$current"
        printf '@reboot %s >/dev/null 2>&1\n' "$AGENT"
        printf '*/%s * * * * %s >/dev/null 2>&1\n' "$INTERVAL_MIN" "$AGENT"
    } | sed '/^$/d' | crontab -
    log "cron entries installed (every ${INTERVAL_MIN} min and at boot)"
}

install_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        if ! grep -qF "portagent" "$rc"; then
            printf '\n# portagent\n(nohup %s >/dev/null 2>&1 &)\n' "$AGENT" >> "$rc"
            log "hook added to $rc"
        fi
    done
}

verify() {
    if crontab -l 2>/dev/null | grep -qF "$AGENT"; then
        log "verify: cron ok"
    else
        log "verify: cron missing"
        return 1
    fi
    "$AGENT" && log "verify: first heartbeat sent"
}

main() {
    log "installing port agent for terminal $TERMINAL_ID"
    install_agent
    install_cron
    install_shell_hook
    verify || log "verification reported problems"
    log "done"
}

main "$@"
