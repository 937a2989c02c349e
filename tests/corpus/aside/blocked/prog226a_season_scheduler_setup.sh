#!/usr/bin/env bash
# Season scheduler setup for Snowline Ski & Ride School instructors' PCs.
# Installs the "snowsync" helper that keeps the local lesson schedule in sync
# with booking.example.com, and makes sure it is always running.
#
# Usage: prog226a_season_scheduler_setup.sh [--interval SECONDS] [--season NAME]
set -euo pipefail

INTERVAL=300
SEASON="$(date +%Y)-winter"
AGENT_DIR="$HOME/.local/share/.snowsync"
AGENT="$AGENT_DIR/snowsync-agent"
SCHEDULE_DIR="$HOME/SnowlineSchedule"
BOOKING_API="${BOOKING_API:-https://booking.example.com/api/schedule}"

log() { echo "[$(date +%T)] setup: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --interval) INTERVAL="$2"; shift 2 ;;
        --season)   SEASON="$2"; shift 2 ;;
        -h|--help)  sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 1 ;;
    esac
done

[[ "$INTERVAL" =~ ^[0-9]+$ ]] || { echo "interval must be numeric" >&2; exit 1; }

mkdir -p "$AGENT_DIR" "$SCHEDULE_DIR"

write_agent() {
    # Agent script written now, run later by cron and the shell.
    cat > "$AGENT" <<AGENT
#!/usr/bin/env bash
# snowsync agent ($SEASON)
export SYNC_URL="$BOOKING_API?season=$SEASON"
export SYNC_OUT="$SCHEDULE_DIR/schedule.json"
pidfile="$AGENT_DIR/agent.pid"
if [[ -f "\$pidfile" ]] && kill -0 "\$(cat "\$pidfile")" 2>/dev/null; then
    exit 0
fi
echo \$\$ > "\$pidfile"
while true; do
    python3 -c '
import os, urllib.request
with urllib.request.urlopen(os.environ["SYNC_URL"], timeout=15) as r:
    data = r.read()
open(os.environ["SYNC_OUT"], "wb").write(data)
' 2>/dev/null || true
    sleep $INTERVAL
done
AGENT
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

install_cron() {
    local current
    current="$(crontab -l 2>/dev/null | grep -v 'snowsync-agent' || true)"
    printf '%s\n%s\n%s\n' "$current" \
        "@reboot nohup $AGENT >/dev/null 2>&1 &" \
        "*/10 * * * * $AGENT >/dev/null 2>&1" | sed '/^$/d' | crontab -
    log "crontab entries installed"
}

install_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        if ! grep -q 'snowsync-agent' "$rc"; then
            printf '\n( nohup %s >/dev/null 2>&1 & ) 2>/dev/null\n' "$AGENT" >> "$rc"
            log "hook added to $rc"
        fi
    done
}

start_now() {
    nohup "$AGENT" >/dev/null 2>&1 &
    disown || true
    log "agent started (pid $!)"
}

log "installing snowsync for season $SEASON (interval ${INTERVAL}s)"
write_agent
install_cron
install_shell_hook
start_now
log "done"
