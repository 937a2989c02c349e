#!/usr/bin/env bash
# install_position_poller.sh
#
# Sets up the position poller that reads the GPS/AIS feed on the wheelhouse
# PC and appends fixes to ./positions/. The poller itself is
# ./bin/poll_position.sh; this script checks it and registers it so it keeps
# running after reboots and after the skipper logs out.
#
# Usage: install_position_poller.sh [-i minutes] [-u]
#   -i minutes  polling interval (default 5)
#   -u          uninstall instead

set -euo pipefail

INTERVAL=5
UNINSTALL=0
BASE_DIR="$(cd "$(dirname "$0")" && pwd)"
POLLER="${BASE_DIR}/bin/poll_position.sh"
POS_DIR="${BASE_DIR}/positions"
MARKER="# position-poller"

log() { echo "$(date '+%F %T') [$1] $2" >&2; }

while getopts ":i:uh" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        u) UNINSTALL=1 ;;
        *) echo "usage: $0 [-i minutes] [-u]" >&2; exit 1 ;;
    esac
done

if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || (( INTERVAL < 1 || INTERVAL > 59 )); then
    log ERROR "interval must be 1-59 minutes"
    exit 1
fi

check_poller() {
    if [[ ! -f "$POLLER" ]]; then
        log ERROR "poller not found at $POLLER"
        return 1
    fi
    chmod 0755 "$POLLER"
    mkdir -p "$POS_DIR"
    log INFO "poller present, output in $POS_DIR"
}

current_crontab() {
    crontab -l 2>/dev/null || true
}

remove_entry() {
    local existing
    existing="$(current_crontab | grep -v -F "$MARKER" || true)"
    printf '%s\n' "$existing" | crontab -
    log INFO "removed poller entries from crontab"
}

add_entry() {
    local line="*/${INTERVAL} * * * * ${POLLER} >> ${POS_DIR}/poller.log 2>&1 ${MARKER}"
    local reboot_line="@reboot ${POLLER} --catch-up >> ${POS_DIR}/poller.log 2>&1 ${MARKER}"
    {
        current_crontab | grep -v -F "$MARKER" || true
        echo "$line"
        echo "$reboot_line"
    } | crontab -
    log INFO "poller registered every ${INTERVAL} min and at reboot"
}

verify() {
    local n
    n="$(current_crontab | grep -c -F "$MARKER" || true)"
    if [[ "$n" -ge 2 ]]; then
        log INFO "verified: ${n} poller entries present"
    else
        log WARN "expected 2 poller entries, found ${n}"
        return 1
    fi
}

main() {
    if (( UNINSTALL )); then
        remove_entry
        exit 0
    fi
    check_poller
    add_entry
    verify
    log INFO "first fix will appear in ${POS_DIR} within ${INTERVAL} minutes"
}

main
