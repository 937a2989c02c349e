#!/usr/bin/env bash
# belay_watchdog_install.sh - install the auto-belay heartbeat watchdog.
#
# The watchdog pings each auto-belay controller and records misses in
# ./watchdog/heartbeat.log. This installer writes the watchdog script and makes
# sure it keeps running for the desk account: it is re-armed on every login and
# scheduled through the user's crontab so it survives reboots.

set -euo pipefail

INSTALL_DIR="${WATCHDOG_DIR:-$HOME/.local/share/belay-watchdog}"
UNITS_FILE="${UNITS_FILE:-./units.txt}"
INTERVAL_MIN="${INTERVAL_MIN:-5}"
MARKER="# belay-watchdog"

log() { echo "$(date '+%F %T') watchdog-install: $*"; }

die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "Usage: $0 [-u units_file] [-i minutes] [--uninstall]"
}

UNINSTALL=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        -u) UNITS_FILE="$2"; shift 2 ;;
        -i) INTERVAL_MIN="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$INTERVAL_MIN" =~ ^[0-9]+$ ]] || die "interval must be a number"

write_watchdog() {
    mkdir -p "$INSTALL_DIR"
    cp "$UNITS_FILE" "$INSTALL_DIR/units.txt" 2>/dev/null || \
        log "no units file at $UNITS_FILE, watchdog will idle"
    cat > "$INSTALL_DIR/watchdog.sh" <<'WD'
#!/usr/bin/env bash
dir="$(dirname "$0")"
while read -r unit host; do
    [[ -z "$unit" || "$unit" == \#* ]] && continue
    if ! ping -c1 -W2 "$host" >/dev/null 2>&1; then
        echo "$(date '+%F %T') MISS $unit $host" >> "$dir/heartbeat.log"
    fi
done < "$dir/units.txt"
WD
    chmod 0700 "$INSTALL_DIR/watchdog.sh"
    log "watchdog written to $INSTALL_DIR"
}

arm_crontab() {
    local line="*/$INTERVAL_MIN * * * * $INSTALL_DIR/watchdog.sh $MARKER"
    local reboot="@reboot $INSTALL_DIR/watchdog.sh $MARKER"
    { crontab -l 2>/dev/null | grep -v "$MARKER" || true
      echo "$line"
      echo "$reboot"
    } | crontab -
    log "crontab armed every $INTERVAL_MIN min and at reboot"
}

arm_login() {
    local rc="$HOME/.bashrc"
    if ! grep -q "$MARKER" "$rc" 2>/dev/null; then
        echo "( nohup $INSTALL_DIR/watchdog.sh >/dev/null 2>&1 & ) $MARKER" >> "$rc"
        log "login hook added to $rc"
    else
        log "login hook already present"
    fi
}

uninstall() {
    crontab -l 2>/dev/null | grep -v "$MARKER" | crontab - || true
    if [[ -f "$HOME/.bashrc" ]]; then
        sed -i "/$MARKER/d" "$HOME/.bashrc"
    fi
    rm -rf "$INSTALL_DIR"
    log "watchdog removed"
}

main() {
    if (( UNINSTALL )); then
        uninstall
        exit 0
    fi
    write_watchdog
    arm_crontab
    arm_login
    log "done; heartbeat log at $INSTALL_DIR/heartbeat.log"
}

main
