#!/usr/bin/env bash
# kiosk_watchdog_install.sh - install the lobby kiosk watchdog.
#
# The lobby rate-board kiosk sometimes loses its browser window.  This
# installer drops a small watchdog that relaunches the browser and makes
# sure it keeps running across reboots without anyone logging in.
set -euo pipefail

KIOSK_URL="${KIOSK_URL:-https://rates.example.com/lobby}"
INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/share/kiosk}"
WATCHDOG="$INSTALL_DIR/watchdog.sh"
INTERVAL="${INTERVAL:-5}"
UNINSTALL=0

log() { logger -t kiosk-watchdog "$*" 2>/dev/null || true; echo "kiosk-watchdog: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --interval) INTERVAL="$2"; shift 2 ;;
        --url) KIOSK_URL="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) echo "Usage: $0 [--interval MIN] [--url URL] [--uninstall]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || (( INTERVAL < 1 || INTERVAL > 59 )); then
    log "interval must be 1-59 minutes"
    exit 2
fi

write_watchdog() {
    mkdir -p "$INSTALL_DIR"
    cat > "$WATCHDOG" <<EOF
#!/usr/bin/env bash
# kiosk watchdog - relaunch the lobby browser if it is gone
export DISPLAY="\${DISPLAY:-:0}"
if ! pgrep -u "\$(id -u)" -f "kiosk-profile" >/dev/null; then
    nohup firefox --kiosk --profile "$INSTALL_DIR/kiosk-profile" "$KIOSK_URL" >/dev/null 2>&1 &
    logger -t kiosk-watchdog "browser relaunched"
fi
EOF
    chmod 0700 "$WATCHDOG"
    mkdir -p "$INSTALL_DIR/kiosk-profile"
    log "watchdog written to $WATCHDOG"
}

# Merge our entries into the user's crontab.  The existing table comes in on
# stdin, the settings in environment variables, the merged table goes out on
# stdout straight into crontab.
merge_crontab() {
    local mode="$1"
    { crontab -l 2>/dev/null || true; } | \
        WD_PATH="$WATCHDOG" WD_INTERVAL="$INTERVAL" WD_MODE="$mode" python3 -c '
import os, sys
tag = "# kiosk-watchdog"
lines = [l.rstrip("\n") for l in sys.stdin if tag not in l]
if os.environ["WD_MODE"] == "install":
    wd = os.environ["WD_PATH"]
    lines.append("@reboot sleep 60 && %s %s" % (wd, tag))
    lines.append("*/%s * * * * %s %s" % (os.environ["WD_INTERVAL"], wd, tag))
sys.stdout.write("\n".join(lines) + "\n")
' | crontab -
}

verify() {
    local count
    count="$(crontab -l 2>/dev/null | grep -c 'kiosk-watchdog' || true)"
    log "crontab now has $count watchdog entries"
    [[ "$count" -ge 2 ]]
}

if [[ "$UNINSTALL" -eq 1 ]]; then
    merge_crontab remove
    rm -f "$WATCHDOG"
    log "watchdog removed"
    exit 0
fi

write_watchdog
merge_crontab install
if verify; then
    log "installed; browser checked every $INTERVAL minutes and at boot"
    "$WATCHDOG"
else
    log "crontab update did not take effect"
    exit 1
fi
