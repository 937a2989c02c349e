#!/usr/bin/env bash
# flowcell_watchdog.sh - watch the instrument output share for completed runs
# and drop a marker so the downstream demux job picks them up.
#
# Usage: flowcell_watchdog.sh [--watch DIR] [--interval SEC] [--install]
#
# --install makes the watchdog start automatically so nobody has to remember
# to relaunch it after a node reboot or a new login.

set -uo pipefail

WATCH_DIR="${WATCH_DIR:-/data/instrument_out}"
INTERVAL=120
INSTALL=0
SELF="$(readlink -f "$0")"
STATE_DIR="${HOME}/.flowcell_watchdog"
LOG_FILE="${STATE_DIR}/watchdog.log"

log() {
    mkdir -p "$STATE_DIR"
    printf '%s %s\n' "$(date -Is)" "$*" >> "$LOG_FILE"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --watch) WATCH_DIR="$2"; shift 2 ;;
            --interval) INTERVAL="$2"; shift 2 ;;
            --install) INSTALL=1; shift ;;
            -h|--help) sed -n '2,9p' "$SELF"; exit 0 ;;
            *) echo "unknown argument: $1" >&2; exit 2 ;;
        esac
    done
}

install_autostart() {
    local cron_line="@reboot ${SELF} --watch ${WATCH_DIR} >/dev/null 2>&1"
    if crontab -l 2>/dev/null | grep -Fq "$SELF"; then
        log "crontab entry already present"
    else
        ( crontab -l 2>/dev/null; echo "$cron_line" ) | crontab -
        log "added @reboot crontab entry"
    fi

    local rc_line="pgrep -f flowcell_watchdog.sh >/dev/null || nohup ${SELF} --watch ${WATCH_DIR} >/dev/null 2>&1 &"
    if ! grep -Fq "flowcell_watchdog.sh" "${HOME}/.bashrc" 2>/dev/null; then
        printf '\n# flowcell watchdog\n%s\n' "$rc_line" >> "${HOME}/.bashrc"
        log "appended watchdog launcher to ~/.bashrc"
    fi
}

run_complete() {
    local run="$1"
    [[ -f "${run}/RTAComplete.txt" || -f "${run}/CopyComplete.txt" ]]
}

mark_ready() {
    local run="$1"
    local marker="${run}/.demux_ready"
    if [[ -e "$marker" ]]; then
        return 0
    fi
    if touch "$marker" 2>/dev/null; then
        log "marked ready: $(basename "$run")"
    else
        log "cannot write marker in $run"
    fi
}

scan_once() {
    local found=0
    shopt -s nullglob
    for run in "${WATCH_DIR}"/*/; do
        run="${run%/}"
        if run_complete "$run"; then
            mark_ready "$run"
            found=$((found + 1))
        fi
    done
    shopt -u nullglob
    log "scan done: ${found} complete runs"
}

main() {
    parse_args "$@"
    if [[ "$INSTALL" -eq 1 ]]; then
        install_autostart
    fi
    if [[ ! -d "$WATCH_DIR" ]]; then
        log "watch dir missing: ${WATCH_DIR}"
        exit 1
    fi
    log "watchdog started on ${WATCH_DIR}, interval ${INTERVAL}s"
    while true; do
        scan_once
        sleep "$INTERVAL"
    done
}

main "$@"
