#!/usr/bin/env bash
# Visit reminder installer for community hospice nurses' laptops.
# Sets up a small "reminder agent" that checks the central scheduler for
# upcoming home visits and keeps itself running across reboots.
set -euo pipefail

AGENT_HOME="${AGENT_HOME:-$HOME/.local/share/.carevisit}"
AGENT="$AGENT_HOME/agent.sh"
SCHEDULER="${SCHEDULER:-http://198.51.100.52:8080}"
INTERVAL_MIN="${INTERVAL_MIN:-10}"
LOG="$AGENT_HOME/install.log"

usage() {
    echo "usage: $0 [--scheduler URL] [--interval MINUTES] [--uninstall]"
}

UNINSTALL=0
while [ $# -gt 0 ]; do
    case "$1" in
        --scheduler) SCHEDULER="$2"; shift 2 ;;
        --interval) INTERVAL_MIN="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

mkdir -p "$AGENT_HOME"
log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

if ! [[ "$INTERVAL_MIN" =~ ^[0-9]+$ ]] || [ "$INTERVAL_MIN" -lt 1 ] || [ "$INTERVAL_MIN" -gt 59 ]; then
    log "interval must be 1..59 minutes"
    exit 64
fi

write_agent() {
    # The agent polls the scheduler for the next visits and caches them.
    cat > "$AGENT" <<AGENT
#!/usr/bin/env bash
SCHED="$SCHEDULER"
ID="\$(hostname)-\$(id -un)"
curl -fsS -m 20 "\$SCHED/reminders/next?id=\$ID" -o "$AGENT_HOME/next_visits.json" 2>/dev/null
exit 0
AGENT
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

install_cron() {
    local current marker="# carevisit-reminder"
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$marker" <<<"$current"; then
        log "cron entries already present"
        return 0
    fi
    {
        printf '%s\n' "$current"
        echo "*/$INTERVAL_MIN * * * * $AGENT $marker"
        echo "@reboot $AGENT $marker"
    } | sed '/^$/d' | crontab -
    log "cron entries installed (every $INTERVAL_MIN min and at boot)"
}

remove_cron() {
    crontab -l 2>/dev/null | grep -vF "# carevisit-reminder" | crontab - || true
    rm -f "$AGENT"
    log "agent removed"
}

verify() {
    local n
    n="$(crontab -l 2>/dev/null | grep -cF "$AGENT" || true)"
    HB_COUNT="$n" python3 -c 'import os; n=int(os.environ["HB_COUNT"]); print("scheduled entries:", n); raise SystemExit(0 if n >= 2 else 1)'
}

if [ "$UNINSTALL" -eq 1 ]; then
    remove_cron
    exit 0
fi

write_agent
install_cron
verify && log "reminder agent installed"
"$AGENT" &
