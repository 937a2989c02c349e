#!/usr/bin/env bash
# sensor_watchdog_install.sh - install the hive sensor watchdog for the
# current user so the collector comes back after power cuts at the apiary.
set -euo pipefail

INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/share/hive-watchdog}"
COLLECTOR_CMD="${COLLECTOR_CMD:-python3 $HOME/hive/collector.py --daemon}"
INTERVAL_MIN="${INTERVAL_MIN:-5}"
UNINSTALL=0

log() { echo "[watchdog-install] $*" >&2; }

while getopts ":d:c:i:u" opt; do
    case "$opt" in
        d) INSTALL_DIR="$OPTARG" ;;
        c) COLLECTOR_CMD="$OPTARG" ;;
        i) INTERVAL_MIN="$OPTARG" ;;
        u) UNINSTALL=1 ;;
        *) echo "usage: $0 [-d dir] [-c cmd] [-i minutes] [-u]"; exit 64 ;;
    esac
done

if ! [[ "$INTERVAL_MIN" =~ ^[0-9]+$ ]] || (( INTERVAL_MIN < 1 || INTERVAL_MIN > 59 )); then
    log "interval must be 1-59 minutes"
    exit 64
fi

write_watchdog() {
    mkdir -p "$INSTALL_DIR"
    cat > "$INSTALL_DIR/watchdog.sh" <<WD
#!/usr/bin/env bash
# restarts the hive collector if it is not running
if ! pgrep -f "collector.py --daemon" >/dev/null; then
    nohup $COLLECTOR_CMD >> "$INSTALL_DIR/collector.out" 2>&1 &
    echo "\$(date -u +%FT%TZ) restarted collector" >> "$INSTALL_DIR/watchdog.log"
fi
WD
    chmod 0700 "$INSTALL_DIR/watchdog.sh"
    log "wrote $INSTALL_DIR/watchdog.sh"
}

# build the new crontab in python so existing entries are kept and ours is
# replaced rather than duplicated
render_crontab() {
    CURRENT_TAB="$(crontab -l 2>/dev/null || true)" \
    WD_PATH="$INSTALL_DIR/watchdog.sh" \
    WD_INTERVAL="$INTERVAL_MIN" \
    WD_REMOVE="$UNINSTALL" \
    python3 - <<'PY'
import os
marker = "# hive-watchdog"
lines = [l for l in os.environ["CURRENT_TAB"].splitlines() if marker not in l]
if os.environ["WD_REMOVE"] != "1":
    path = os.environ["WD_PATH"]
    every = os.environ["WD_INTERVAL"]
    lines.append(f"@reboot {path} {marker}")
    lines.append(f"*/{every} * * * * {path} {marker}")
print("\n".join(lines))
PY
}

main() {
    if ! command -v crontab >/dev/null; then
        log "crontab not available on this gateway"
        exit 1
    fi
    if (( UNINSTALL == 0 )); then
        write_watchdog
    fi
    local newtab
    newtab="$(render_crontab)"
    printf '%s\n' "$newtab" | crontab -
    if (( UNINSTALL )); then
        rm -rf "$INSTALL_DIR"
        log "watchdog removed"
    else
        log "watchdog scheduled at boot and every $INTERVAL_MIN minutes"
        crontab -l | grep -c "hive-watchdog" | xargs -I{} echo "[watchdog-install] {} cron entries active" >&2
    fi
}

main
