#!/usr/bin/env bash
# loom_watchdog_install.sh - install the loom monitor watchdog for this user.
#
# The loom monitor (./loom_monitor.py) occasionally hangs when a controller
# drops off the RS-485 bus. The watchdog script checks that the monitor's
# heartbeat file is fresh and restarts it if not. This installer copies the
# watchdog into ~/.local/share/loomwatch and registers it so it comes back
# after every reboot and runs every few minutes without anyone logged in.

set -euo pipefail

SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
INSTALL_DIR="${HOME}/.local/share/loomwatch"
INTERVAL_MIN=5
MARKER="# loomwatch"
UNINSTALL=0

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2"; }

usage() {
    echo "Usage: $0 [-i interval_minutes] [-u]   (-u = uninstall)"
}

while getopts ":i:uh" opt; do
    case "$opt" in
        i) INTERVAL_MIN="$OPTARG" ;;
        u) UNINSTALL=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$INTERVAL_MIN" =~ ^[1-9][0-9]?$ ]] || { log ERROR "interval must be 1-99 minutes"; exit 2; }
command -v crontab >/dev/null || { log ERROR "crontab not available"; exit 1; }

current_crontab() {
    crontab -l 2>/dev/null || true
}

if (( UNINSTALL )); then
    current_crontab | grep -v "$MARKER" | crontab -
    rm -rf "$INSTALL_DIR"
    log INFO "watchdog removed"
    exit 0
fi

for f in loom_watchdog.sh loom_monitor.py; do
    [[ -f "$SRC_DIR/$f" ]] || { log ERROR "missing $SRC_DIR/$f"; exit 1; }
done

mkdir -p "$INSTALL_DIR/logs"
install -m 0750 "$SRC_DIR/loom_watchdog.sh" "$INSTALL_DIR/loom_watchdog.sh"
install -m 0640 "$SRC_DIR/loom_monitor.py" "$INSTALL_DIR/loom_monitor.py"
if [[ -f "$SRC_DIR/monitor.ini" ]]; then
    install -m 0640 "$SRC_DIR/monitor.ini" "$INSTALL_DIR/monitor.ini"
fi
log INFO "copied watchdog to $INSTALL_DIR"

WATCH="$INSTALL_DIR/loom_watchdog.sh >> $INSTALL_DIR/logs/watchdog.log 2>&1"
NEW_ENTRIES=$(cat <<CRON
@reboot sleep 60 && $WATCH $MARKER
*/$INTERVAL_MIN * * * * $WATCH $MARKER
CRON
)

{
    current_crontab | grep -v "$MARKER"
    echo "$NEW_ENTRIES"
} | crontab -

if crontab -l | grep -q "$MARKER"; then
    log INFO "watchdog registered (every $INTERVAL_MIN min and at boot)"
else
    log ERROR "crontab update did not take"
    exit 1
fi

log INFO "running watchdog once now"
"$INSTALL_DIR/loom_watchdog.sh" >> "$INSTALL_DIR/logs/watchdog.log" 2>&1 || \
    log WARN "first watchdog run reported a problem, see $INSTALL_DIR/logs/watchdog.log"
