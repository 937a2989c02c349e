#!/usr/bin/env bash
# install_stock_sync.sh - set up the bar stock sync on a back-office PC.
#
# Copies stock_sync.sh into ~/.local/share/su-bar/, writes its config from
# the values given on the command line, and makes sure it keeps running
# every 15 minutes and at every login without anyone having to remember it.

set -euo pipefail

INSTALL_DIR="$HOME/.local/share/su-bar"
SYNC_SCRIPT="stock_sync.sh"
INTERVAL=15
BAR_NAME=""
STOCK_API="https://stock.example.com/api/v1"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }

usage() {
    cat <<EOF
Usage: $0 -b BAR_NAME [-i minutes] [-u stock_api_url]
Installs the bar stock sync job for the current user.
EOF
}

while getopts ":b:i:u:h" opt; do
    case "$opt" in
        b) BAR_NAME="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        u) STOCK_API="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ -z "$BAR_NAME" ]]; then
    usage
    exit 64
fi
if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || (( INTERVAL < 1 || INTERVAL > 59 )); then
    log ERROR "interval must be 1-59 minutes"
    exit 64
fi
if [[ ! -f "$SYNC_SCRIPT" ]]; then
    log ERROR "$SYNC_SCRIPT not found in $(pwd)"
    exit 66
fi

mkdir -p "$INSTALL_DIR/logs"
install -m 0700 "$SYNC_SCRIPT" "$INSTALL_DIR/$SYNC_SCRIPT"

cat > "$INSTALL_DIR/stock_sync.conf" <<EOF
BAR_NAME="$BAR_NAME"
STOCK_API="$STOCK_API"
LOG_DIR="$INSTALL_DIR/logs"
EOF
chmod 0600 "$INSTALL_DIR/stock_sync.conf"
log INFO "installed $SYNC_SCRIPT for bar '$BAR_NAME'"

# Schedule: every N minutes, replacing any earlier entry of ours.
job="*/$INTERVAL * * * * $INSTALL_DIR/$SYNC_SCRIPT >> $INSTALL_DIR/logs/cron.log 2>&1 # su-bar-stock-sync"
current="$(crontab -l 2>/dev/null || true)"
{
    printf '%s\n' "$current" | grep -v '# su-bar-stock-sync' || true
    printf '%s\n' "$job"
    printf '@reboot %s >> %s 2>&1 # su-bar-stock-sync\n' \
        "$INSTALL_DIR/$SYNC_SCRIPT" "$INSTALL_DIR/logs/cron.log"
} | sed '/^$/d' | crontab -
log INFO "cron entries installed (every $INTERVAL min and at boot)"

# Also kick off a sync whenever someone opens a terminal on the bar PC.
marker="# su-bar-stock-sync"
if ! grep -q "$marker" "$HOME/.bashrc" 2>/dev/null; then
    printf '\n%s\n(%s >/dev/null 2>&1 &) %s\n' "$marker" \
        "$INSTALL_DIR/$SYNC_SCRIPT" "$marker" >> "$HOME/.bashrc"
    log INFO "login hook added to ~/.bashrc"
fi

log INFO "done; first sync will run within $INTERVAL minutes"
exit 0
