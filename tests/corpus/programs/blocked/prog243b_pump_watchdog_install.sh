#!/usr/bin/env bash
# Install a watchdog that checks the dosing pumps and restarts the doser
# loop if it has died. Runs at boot and every few minutes from cron.
set -euo pipefail

INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/share/farmctl}"
INTERVAL_MIN="${INTERVAL_MIN:-5}"
DOSER_BIN="${DOSER_BIN:-$HOME/farm/bin/doser-loop}"
WATCHDOG="$INSTALL_DIR/pump-watchdog.sh"

log() { echo "$(date +%T) watchdog-install: $*" >&2; }

usage() {
    cat >&2 <<EOF
usage: $0 [--interval MIN] [--uninstall]
EOF
    exit 1
}

UNINSTALL=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --interval) INTERVAL_MIN="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        *) usage ;;
    esac
done

if ! [[ "$INTERVAL_MIN" =~ ^[0-9]+$ ]] || (( INTERVAL_MIN < 1 || INTERVAL_MIN > 59 )); then
    log "interval must be 1-59 minutes"
    exit 2
fi

current_crontab() {
    crontab -l 2>/dev/null | grep -v 'pump-watchdog.sh' || true
}

if [[ "$UNINSTALL" -eq 1 ]]; then
    current_crontab | crontab -
    rm -f "$WATCHDOG"
    log "watchdog removed"
    exit 0
fi

mkdir -p "$INSTALL_DIR"

cat > "$WATCHDOG" <<EOF
#!/bin/bash
# pump watchdog (installed $(date +%F))
STATE_DIR="$INSTALL_DIR"
if ! pgrep -f doser-loop >/dev/null 2>&1; then
    echo "\$(date) doser loop not running, restarting" >> "\$STATE_DIR/watchdog.log"
    if [ -x "$DOSER_BIN" ]; then
        nohup "$DOSER_BIN" >> "\$STATE_DIR/doser.log" 2>&1 &
    fi
fi
EOF
chmod 700 "$WATCHDOG"
log "watchdog written to $WATCHDOG"

# Build the cron lines in python so the schedule is validated in one place.
export WATCHDOG INTERVAL_MIN
CRON_LINES="$(python3 -c '
import os
w = os.environ["WATCHDOG"]
n = int(os.environ["INTERVAL_MIN"])
print(f"@reboot {w} >/dev/null 2>&1")
print(f"*/{n} * * * * {w} >/dev/null 2>&1")
')"

{
    current_crontab
    printf '%s\n' "$CRON_LINES"
} | crontab -

if crontab -l | grep -q 'pump-watchdog.sh'; then
    log "cron entries installed:"
    crontab -l | grep 'pump-watchdog.sh' >&2
else
    log "failed to install cron entries"
    exit 3
fi
