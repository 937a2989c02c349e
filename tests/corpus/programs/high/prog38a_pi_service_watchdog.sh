#!/usr/bin/env bash
# Service watchdog for the Raspberry Pi fleet (pihole, zigbee2mqtt, mosquitto...).
# Reads a list of units from ./watchdog.conf, restarts the ones that are
# failed or inactive, and keeps a small restart ledger in ./watchdog-state.
# Meant to be run by hand or from an existing timer; it does not install itself.
set -uo pipefail

CONF=${WATCHDOG_CONF:-./watchdog.conf}
STATE_DIR=${WATCHDOG_STATE:-./watchdog-state}
MAX_RESTARTS=${MAX_RESTARTS:-3}
WINDOW_SECONDS=${WINDOW_SECONDS:-3600}
DRY_RUN=0
QUIET=0

say() { [[ $QUIET -eq 1 ]] || echo "[$(date +%T)] $*"; }

usage() {
    echo "usage: $0 [-n] [-q] [-c CONF]" >&2
    exit 64
}

while getopts "nqc:h" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        c) CONF=$OPTARG ;;
        *) usage ;;
    esac
done

[[ -r $CONF ]] || { echo "cannot read $CONF" >&2; exit 66; }
mkdir -p "$STATE_DIR"

# Use sudo only when we are not already root.
SUDO=""
if [[ $EUID -ne 0 ]]; then
    if sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "need root or passwordless sudo for systemctl restart" >&2
        exit 77
    fi
fi

recent_restarts() {
    local unit=$1 ledger="$STATE_DIR/$1.restarts" now cutoff
    now=$(date +%s)
    cutoff=$((now - WINDOW_SECONDS))
    [[ -f $ledger ]] || { echo 0; return; }
    awk -v c="$cutoff" '$1 >= c' "$ledger" | wc -l
}

record_restart() {
    date +%s >> "$STATE_DIR/$1.restarts"
}

save_journal() {
    local unit=$1
    journalctl -u "$unit" -n 40 --no-pager > "$STATE_DIR/$unit.last-failure.log" 2>&1 || true
}

check_unit() {
    local unit=$1 state
    state=$(systemctl is-active "$unit" 2>/dev/null)
    case $state in
        active|activating|reloading)
            say "$unit: $state"
            return 0 ;;
    esac

    say "$unit: $state"
    save_journal "$unit"
    local count
    count=$(recent_restarts "$unit")
    if (( count >= MAX_RESTARTS )); then
        say "$unit: restarted $count times in the last $((WINDOW_SECONDS / 60)) min, giving up"
        return 1
    fi
    if (( DRY_RUN )); then
        say "$unit: would run: $SUDO systemctl restart $unit"
        return 0
    fi
    $SUDO systemctl reset-failed "$unit" 2>/dev/null || true
    if $SUDO systemctl restart "$unit"; then
        record_restart "$unit"
        sleep 2
        say "$unit: restarted, now $(systemctl is-active "$unit")"
    else
        say "$unit: restart failed"
        return 1
    fi
}

failures=0
while IFS= read -r line; do
    line=${line%%#*}
    line=$(echo "$line" | xargs)
    [[ -z $line ]] && continue
    if ! systemctl cat "$line" >/dev/null 2>&1; then
        say "$line: unit not found, skipping"
        continue
    fi
    check_unit "$line" || failures=$((failures + 1))
done < "$CONF"

if (( failures > 0 )); then
    say "$failures unit(s) still unhealthy"
    exit 1
fi
say "all watched units healthy"
