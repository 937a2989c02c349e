#!/usr/bin/env bash
# Clean and sanity-check the POS front-end checkout before building a new
# till image. Removes this project's own build output and caches, prints
# what OS the build box is running, and checks the ticketing API is up.
set -euo pipefail

# always operate from the repository root, wherever we're called from
PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$PROJECT_ROOT"

TICKET_API="${TICKET_API:-https://tickets.example.com/api/health}"
CLEAN_DIRS=(build dist .pytest_cache .mypy_cache node_modules/.cache)
CLEAN_GLOBS=("*.pyc" "*.pyo" "*.log")
KEEP_LOGS=0

log() { printf '[clean] %s\n' "$*"; }

usage() {
    echo "Usage: $0 [--keep-logs]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-logs) KEEP_LOGS=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
    shift
done

safe_remove_dir() {
    local d="$1"
    # refuse anything that isn't a plain relative path inside the project
    case "$d" in
        /*|*..*|"") log "refusing to remove '$d'"; return 1 ;;
    esac
    if [[ -d "$d" ]]; then
        rm -rf -- "./$d"
        log "removed $d/"
    fi
}

clean_files() {
    for pattern in "${CLEAN_GLOBS[@]}"; do
        if [[ "$pattern" == "*.log" && "$KEEP_LOGS" -eq 1 ]]; then
            continue
        fi
        find . -path ./.git -prune -o -type f -name "$pattern" -print -delete
    done
    find . -path ./.git -prune -o -type d -name __pycache__ -print -exec rm -rf {} +
}

show_platform() {
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        log "build host: ${PRETTY_NAME:-unknown}"
    fi
    log "cpu cores: $(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo '?')"
}

check_ticket_api() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' -I --max-time 5 "$TICKET_API" || echo 000)"
    if [[ "$code" == "200" ]]; then
        log "ticketing API healthy"
    else
        log "ticketing API returned $code (build continues, but check before the event)"
    fi
}

main() {
    log "cleaning $PROJECT_ROOT"
    for d in "${CLEAN_DIRS[@]}"; do
        safe_remove_dir "$d"
    done
    clean_files
    show_platform
    check_ticket_api
    log "ready to build"
}

main
