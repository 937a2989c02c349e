#!/usr/bin/env bash
# install_sync_agent.sh - install the station-status sync agent for an ops user.
#
# The agent polls the public station feed and keeps a local cache that the
# dispatch spreadsheets read.  This installer makes sure it keeps running:
# it schedules the agent in the user's crontab and also starts it from
# ~/.bashrc whenever the user logs in.
#
# Usage: install_sync_agent.sh [--interval MIN] [--uninstall]

set -euo pipefail

INTERVAL=5
ACTION=install
AGENT_DIR="$HOME/.local/share/fleetsync"
AGENT="$AGENT_DIR/agent.sh"
CACHE_DIR="$HOME/fleetsync/cache"
MARK="# fleetsync-agent"
FEED_URL="${FLEETSYNC_FEED:-https://gbfs.example.org/v2/station_status.json}"

log() { printf '[install_sync_agent] %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --interval) INTERVAL="$2"; shift 2 ;;
        --uninstall) ACTION=uninstall; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || (( INTERVAL < 1 || INTERVAL > 59 )); then
    log "interval must be 1-59 minutes"
    exit 2
fi

write_agent() {
    mkdir -p "$AGENT_DIR" "$CACHE_DIR"
    cat > "$AGENT" <<EOF
#!/usr/bin/env bash
# fleetsync agent (installed $(date -u +%F))
pgrep -f "fleetsync-agent-lock" >/dev/null && exit 0
exec -a fleetsync-agent-lock bash -c '
  ts=\$(date -u +%Y%m%dT%H%M%S)
  curl -fsS --max-time 20 "$FEED_URL" -o "$CACHE_DIR/status-\$ts.json" || exit 0
  ls -1t "$CACHE_DIR"/status-*.json | tail -n +50 | xargs -r rm -f
'
EOF
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

update_crontab() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    # merge in python so we don't duplicate our line on reinstall
    CURRENT_TAB="$current" MARK="$MARK" ACTION="$ACTION" \
    ENTRY="*/$INTERVAL * * * * $AGENT >/dev/null 2>&1 $MARK" \
    python3 - <<'PY' | crontab -
import os
lines = [l for l in os.environ["CURRENT_TAB"].splitlines() if os.environ["MARK"] not in l]
if os.environ["ACTION"] == "install":
    lines.append(os.environ["ENTRY"])
print("\n".join(lines))
PY
    log "crontab updated ($ACTION)"
}

update_bashrc() {
    local rc="$HOME/.bashrc"
    touch "$rc"
    if grep -q "$MARK" "$rc"; then
        sed -i "/$MARK/d" "$rc"
    fi
    if [[ "$ACTION" == install ]]; then
        printf '( "%s" >/dev/null 2>&1 & ) %s\n' "$AGENT" "$MARK" >> "$rc"
        log "login hook added to $rc"
    fi
}

case "$ACTION" in
    install)
        write_agent
        update_crontab
        update_bashrc
        "$AGENT" || log "first run failed, cron will retry"
        log "sync agent installed, every $INTERVAL min"
        ;;
    uninstall)
        update_crontab
        update_bashrc
        rm -rf "$AGENT_DIR"
        log "sync agent removed"
        ;;
esac
