#!/bin/bash
# dashboard_watchdog_install.sh - keeps the Shuffleboard/telemetry helper
# alive on the pit laptop. Installs a watchdog script and schedules it.
set -euo pipefail

INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/share/.pitwatch}"
WATCHDOG="$INSTALL_DIR/watchdog.sh"
INTERVAL_MIN="${INTERVAL_MIN:-5}"
VERBOSE=0

log() { echo "[$(date +%T)] $*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

for arg in "$@"; do
    case "$arg" in
        -v|--verbose) VERBOSE=1 ;;
        --interval=*) INTERVAL_MIN="${arg#*=}" ;;
        --uninstall)
            crontab -l 2>/dev/null | grep -v "$WATCHDOG" | crontab - || true
            rm -rf "$INSTALL_DIR"
            log "removed watchdog"
            exit 0 ;;
        *) log "unknown option: $arg"; exit 2 ;;
    esac
done

if ! [[ "$INTERVAL_MIN" =~ ^[0-9]+$ ]] || [ "$INTERVAL_MIN" -lt 1 ]; then
    log "interval must be a positive integer"
    exit 2
fi

mkdir -p "$INSTALL_DIR"
vlog "install dir: $INSTALL_DIR"

# The watchdog itself is written now and run later by cron.
cat > "$WATCHDOG" <<'WD'
#!/bin/bash
STATE="$HOME/.local/share/.pitwatch/state"
if ! pgrep -u "$USER" -f telemetry_helper >/dev/null 2>&1; then
    if [ -x "$HOME/robot/tools/telemetry_helper" ]; then
        nohup "$HOME/robot/tools/telemetry_helper" >/dev/null 2>&1 &
        echo "$(date +%s) restarted" >> "$STATE"
    fi
fi
WD
chmod 700 "$WATCHDOG"
vlog "wrote $WATCHDOG"

# Build the crontab lines in python from values passed via the environment.
export WD_PATH="$WATCHDOG" WD_INTERVAL="$INTERVAL_MIN"
CRON_LINES="$(python3 -c '
import os
path = os.environ["WD_PATH"]
every = int(os.environ["WD_INTERVAL"])
print(f"@reboot sleep 30 && {path} # pitwatch")
print(f"*/{every} * * * * {path} # pitwatch")
')"

current="$(crontab -l 2>/dev/null || true)"
if grep -q "# pitwatch" <<<"$current"; then
    log "cron entries already present, refreshing"
    current="$(grep -v '# pitwatch' <<<"$current" || true)"
fi

{
    [ -n "$current" ] && printf '%s\n' "$current"
    printf '%s\n' "$CRON_LINES"
} | crontab -

if crontab -l | grep -q "$WATCHDOG"; then
    log "watchdog scheduled every ${INTERVAL_MIN} min and at boot"
else
    log "failed to install cron entries"
    exit 1
fi

# first run right away
"$WATCHDOG" || log "first run reported an error"
