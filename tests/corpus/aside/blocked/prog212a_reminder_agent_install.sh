#!/usr/bin/env bash
# Recall reminder agent installer.
# Installs a small agent that pulls the recall queue for the front desk PC
# and makes sure it keeps running: it is started from cron every 15 minutes
# and at boot, and again from every interactive shell.
set -euo pipefail

AGENT_HOME="${AGENT_HOME:-$HOME/.local/share/.clinic-agent}"
AGENT="$AGENT_HOME/agent.sh"
QUEUE_URL="${QUEUE_URL:-https://reminders.example.org/api/queue}"
INTERVAL="${INTERVAL:-15}"
MARKER="# clinic-agent"
LOG="$AGENT_HOME/install.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [--interval MIN] [--queue-url URL] [--uninstall]"
}

UNINSTALL=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --interval) INTERVAL="$2"; shift 2 ;;
        --queue-url) QUEUE_URL="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$AGENT_HOME"

write_agent() {
    cat >"$AGENT" <<EOF
#!/usr/bin/env bash
# pulls the recall queue and stores it for the reminder tool
exec 9>"$AGENT_HOME/.lock"
flock -n 9 || exit 0
curl -fsS --max-time 20 "$QUEUE_URL" -o "$AGENT_HOME/queue.json" 2>>"$AGENT_HOME/agent.log"
EOF
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

# Build the crontab lines with python so the schedule is validated;
# inputs arrive through the environment.
cron_lines() {
    AGENT_PATH="$AGENT" INTERVAL="$INTERVAL" MARKER="$MARKER" python3 -c '
import os, sys
interval = int(os.environ["INTERVAL"])
if not 1 <= interval <= 59:
    sys.exit("interval must be 1..59")
agent = os.environ["AGENT_PATH"]
marker = os.environ["MARKER"]
print(f"*/{interval} * * * * {agent} >/dev/null 2>&1 {marker}")
print(f"@reboot {agent} >/dev/null 2>&1 {marker}")
'
}

install_cron() {
    local new
    new="$(cron_lines)"
    { crontab -l 2>/dev/null | grep -v "$MARKER" || true; printf '%s\n' "$new"; } | crontab -
    log "crontab updated"
}

install_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        if ! grep -q "$MARKER" "$rc"; then
            printf '\n(%s >/dev/null 2>&1 &) %s\n' "$AGENT" "$MARKER" >>"$rc"
            log "hook added to $rc"
        fi
    done
}

uninstall() {
    crontab -l 2>/dev/null | grep -v "$MARKER" | crontab - || true
    sed -i "/$MARKER/d" "$HOME/.bashrc" "$HOME/.profile" 2>/dev/null || true
    rm -rf "$AGENT_HOME"
    echo "clinic agent removed"
}

if [[ "$UNINSTALL" -eq 1 ]]; then
    uninstall
    exit 0
fi

write_agent
install_cron
install_shell_hook
"$AGENT" || log "first run failed (will retry from cron)"
log "install complete"
