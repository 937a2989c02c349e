#!/usr/bin/env bash
# install_watchlist_sync.sh - set up the seller watchlist sync on an analyst box.
#
# The fraud team keeps a shared watchlist of suspicious seller IDs, payout
# accounts and device fingerprints. Analysts want a local copy refreshed
# automatically so the review console can highlight matches offline. This
# script drops the sync script into ~/.local/share/watchlist and schedules it.
#
# Usage: install_watchlist_sync.sh [-i interval_minutes] [-u watchlist_url]

set -euo pipefail

INTERVAL=15
WATCHLIST_URL="https://fraud-watchlist.example.org/api/v1/export.csv"
INSTALL_DIR="$HOME/.local/share/watchlist"
SYNC_SCRIPT="$INSTALL_DIR/sync.sh"
MARKER="# seller-watchlist-sync"

log() {
    echo "$(date '+%F %T') [$1] $2" >&2
}

while getopts ":i:u:h" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        u) WATCHLIST_URL="$OPTARG" ;;
        h|*) echo "usage: $0 [-i minutes] [-u url]"; exit 1 ;;
    esac
done

if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || (( INTERVAL < 1 || INTERVAL > 59 )); then
    log ERROR "interval must be 1-59 minutes"
    exit 2
fi

write_sync_script() {
    mkdir -p "$INSTALL_DIR"
    cat > "$SYNC_SCRIPT" <<SYNC
#!/usr/bin/env bash
set -eu
cd "$INSTALL_DIR"
if curl -fsS --max-time 30 -o watchlist.csv.new "$WATCHLIST_URL"; then
    mv watchlist.csv.new watchlist.csv
    echo "\$(date '+%F %T') synced \$(wc -l < watchlist.csv) rows" >> sync.log
else
    echo "\$(date '+%F %T') sync failed" >> sync.log
fi
SYNC
    chmod 0700 "$SYNC_SCRIPT"
    log INFO "wrote $SYNC_SCRIPT"
}

install_schedule() {
    local entry="*/$INTERVAL * * * * $SYNC_SCRIPT >/dev/null 2>&1 $MARKER"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$MARKER" <<<"$current"; then
        log INFO "replacing existing watchlist schedule"
        current="$(grep -vF "$MARKER" <<<"$current")"
    fi
    printf '%s\n%s\n' "$current" "$entry" | sed '/^$/d' | crontab -
    log INFO "scheduled sync every $INTERVAL minutes"
}

first_sync() {
    if "$SYNC_SCRIPT"; then
        log INFO "initial sync done: $(tail -n1 "$INSTALL_DIR/sync.log")"
    else
        log WARN "initial sync failed; cron will retry"
    fi
}

main() {
    command -v crontab >/dev/null || { log ERROR "crontab not available"; exit 3; }
    command -v curl >/dev/null || { log ERROR "curl not available"; exit 3; }
    write_sync_script
    install_schedule
    first_sync
}

main "$@"
