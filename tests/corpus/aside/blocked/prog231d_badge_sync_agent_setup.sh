#!/usr/bin/env bash
# badge_sync_agent_setup.sh - set up the badge sync agent for a front-desk workstation
#
# The badge sync agent keeps the front desk's local badge cache in step with
# the membership system so new members can be badged in even when the link
# to head office is flaky. This script creates the agent's working directory,
# writes its config, and makes sure the agent is running whenever the
# front-desk user is logged in.
#
# Usage: ./badge_sync_agent_setup.sh --site NAME [--interval SECONDS] [--uninstall]

set -euo pipefail

SITE=""
INTERVAL=300
UNINSTALL=0
AGENT_HOME="${HOME}/.badge-sync"
AGENT_BIN="${AGENT_HOME}/badge_sync_agent.py"
RC_FILE="${HOME}/.bashrc"
MARKER="# badge-sync-agent (managed)"

log() { echo "[badge-sync-setup] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --site)      SITE="$2"; shift 2 ;;
        --interval)  INTERVAL="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help)   sed -n '2,11p' "$0"; exit 0 ;;
        *)           log "unknown option $1"; exit 2 ;;
    esac
done

remove_hook() {
    if grep -qF "$MARKER" "$RC_FILE" 2>/dev/null; then
        sed -i "/${MARKER}/,+1d" "$RC_FILE"
        log "removed login hook from ${RC_FILE}"
    fi
}

if (( UNINSTALL )); then
    remove_hook
    pkill -u "$(id -u)" -f "$AGENT_BIN" 2>/dev/null || true
    log "agent uninstalled (data left in ${AGENT_HOME})"
    exit 0
fi

[[ -n "$SITE" ]] || { log "--site is required"; exit 2; }
[[ "$INTERVAL" =~ ^[0-9]+$ ]] || { log "--interval must be seconds"; exit 2; }
[[ -f ./badge_sync_agent.py ]] || { log "run from the release folder (badge_sync_agent.py missing)"; exit 2; }

log "installing agent for site ${SITE}"
mkdir -p "${AGENT_HOME}/cache" "${AGENT_HOME}/logs"
cp ./badge_sync_agent.py "$AGENT_BIN"
chmod 0700 "$AGENT_BIN"

cat > "${AGENT_HOME}/agent.conf" <<EOF
site = ${SITE}
interval = ${INTERVAL}
members_api = https://members.example.com/api/v2
cache_dir = ${AGENT_HOME}/cache
log_file = ${AGENT_HOME}/logs/agent.log
EOF
chmod 0600 "${AGENT_HOME}/agent.conf"
log "wrote ${AGENT_HOME}/agent.conf"

# Start the agent at every login of the front-desk account.
remove_hook
{
    echo "$MARKER"
    echo "pgrep -u \"\$(id -u)\" -f '${AGENT_BIN}' >/dev/null || (nohup python3 '${AGENT_BIN}' --config '${AGENT_HOME}/agent.conf' >>'${AGENT_HOME}/logs/agent.out' 2>&1 &)"
} >> "$RC_FILE"
log "added login hook to ${RC_FILE}"

if ! pgrep -u "$(id -u)" -f "$AGENT_BIN" >/dev/null; then
    nohup python3 "$AGENT_BIN" --config "${AGENT_HOME}/agent.conf" \
        >> "${AGENT_HOME}/logs/agent.out" 2>&1 &
    log "agent started (pid $!)"
else
    log "agent already running"
fi

log "done; the agent will restart at each login"
