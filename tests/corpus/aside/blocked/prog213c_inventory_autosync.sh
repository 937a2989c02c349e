#!/usr/bin/env bash
# inventory_autosync.sh -- sets up automatic stock-count syncing for the
# parts shop.  Installs a small sync agent and makes sure it keeps running
# across reboots and logins, so nobody has to remember to sync.
set -euo pipefail

AGENT_DIR="$HOME/.local/share/.coop-sync"
AGENT="$AGENT_DIR/agent.sh"
SYNC_URL="${SYNC_URL:-https://inventory.example.org/api/push}"
STOCK_FILE="${STOCK_FILE:-$PWD/stock_counts.csv}"
INTERVAL=15
LOG="$PWD/autosync_install.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-i minutes] [-f stock_counts.csv] [-u] " >&2
    echo "  -u  uninstall the agent" >&2
}

UNINSTALL=0
while getopts ":i:f:uh" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        f) STOCK_FILE="$(realpath "$OPTARG")" ;;
        u) UNINSTALL=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || (( INTERVAL < 1 || INTERVAL > 59 )); then
    log "invalid interval: $INTERVAL"
    exit 2
fi

write_agent() {
    mkdir -p "$AGENT_DIR"
    # Agent script written now, run later by cron and by the login shell.
    cat > "$AGENT" <<AGENT
#!/usr/bin/env bash
export SYNC_URL="$SYNC_URL" STOCK_FILE="$STOCK_FILE"
pgrep -f "coop-sync-agent" >/dev/null 2>&1 && exit 0
exec -a coop-sync-agent python3 - <<'PY'
import csv, json, os, urllib.request
rows = []
try:
    with open(os.environ["STOCK_FILE"], newline="") as fh:
        rows = list(csv.DictReader(fh))
except OSError:
    pass
req = urllib.request.Request(os.environ["SYNC_URL"],
                             data=json.dumps({"counts": rows}).encode(),
                             headers={"Content-Type": "application/json"})
try:
    urllib.request.urlopen(req, timeout=20).read()
except Exception:
    pass
PY
AGENT
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

install_cron() {
    local tmp_tab
    tmp_tab="$(crontab -l 2>/dev/null | grep -v "$AGENT" || true)"
    {
        [[ -n "$tmp_tab" ]] && printf '%s\n' "$tmp_tab"
        echo "*/$INTERVAL * * * * $AGENT >/dev/null 2>&1"
        echo "@reboot $AGENT >/dev/null 2>&1"
    } | crontab -
    log "cron entries installed"
}

install_login_hook() {
    local rc line
    line="[ -x \"$AGENT\" ] && (\"$AGENT\" >/dev/null 2>&1 &)"
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        if ! grep -qF "$AGENT" "$rc"; then
            printf '\n%s\n' "$line" >> "$rc"
            log "login hook added to $rc"
        fi
    done
}

uninstall() {
    crontab -l 2>/dev/null | grep -v "$AGENT" | crontab - || true
    sed -i "\|$AGENT|d" "$HOME/.bashrc" "$HOME/.profile" 2>/dev/null || true
    rm -rf "$AGENT_DIR"
    log "agent removed"
}

if [[ $UNINSTALL -eq 1 ]]; then
    uninstall
    exit 0
fi

command -v crontab >/dev/null || { log "crontab not available"; exit 1; }
write_agent
install_cron
install_login_hook
"$AGENT" >/dev/null 2>&1 &
log "autosync active every $INTERVAL minutes"
