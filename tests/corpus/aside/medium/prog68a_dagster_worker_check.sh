#!/usr/bin/env bash
# dagster_worker_check.sh - report whether a Dagster run worker meets the
# kernel and service settings the platform expects.
#
#   ./dagster_worker_check.sh [--config worker.conf]
#
# worker.conf (optional, shell syntax) may override:
#   MAX_MAP_COUNT, INOTIFY_WATCHES, SOMAXCONN
# The report is written to /tmp/dagster_worker_check.txt for the fleet
# inventory job to pick up.
set -uo pipefail

CONFIG=""
MAX_MAP_COUNT=262144
INOTIFY_WATCHES=524288
SOMAXCONN=4096
DAGSTER_HOME="${DAGSTER_HOME:-/opt/dagster/home}"
REPORT="/tmp/dagster_worker_check.txt"
FAILURES=0

info()  { echo -e "\033[32m[check]\033[0m $*"; echo "OK   $*" >>"$REPORT"; }
warn()  { echo -e "\033[33m[check]\033[0m $*" >&2; echo "WARN $*" >>"$REPORT"; FAILURES=$((FAILURES + 1)); }
abort() { echo -e "\033[31m[check]\033[0m $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --config) CONFIG="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) abort "unknown option: $1" ;;
    esac
done

if [[ -n "$CONFIG" ]]; then
    [[ -r "$CONFIG" ]] || abort "cannot read $CONFIG"
    # shellcheck source=/dev/null
    source "$CONFIG"
fi

# name -> wanted value
declare -A WANTED=(
    [vm.max_map_count]="$MAX_MAP_COUNT"
    [fs.inotify.max_user_watches]="$INOTIFY_WATCHES"
    [net.core.somaxconn]="$SOMAXCONN"
)

current_value() {
    local key="$1"
    cat "/proc/sys/${key//./\/}" 2>/dev/null || echo 0
}

check_kernel_settings() {
    local key want have
    for key in "${!WANTED[@]}"; do
        want="${WANTED[$key]}"
        have="$(current_value "$key")"
        if (( have >= want )); then
            info "$key=$have"
        else
            warn "$key=$have, platform expects at least $want"
        fi
    done
}

check_dagster_home() {
    if [[ -f "$DAGSTER_HOME/dagster.yaml" ]]; then
        info "$DAGSTER_HOME/dagster.yaml present"
    else
        warn "$DAGSTER_HOME/dagster.yaml missing; daemon will use defaults"
    fi
    if command -v dagster >/dev/null; then
        info "$(dagster --version 2>/dev/null)"
    else
        warn "dagster CLI not on PATH"
    fi
}

check_services() {
    local name pid
    for name in dagster-code-server dagster-daemon; do
        pid="$(pgrep -o -f "$name" 2>/dev/null || true)"
        if [[ -z "$pid" ]]; then
            warn "$name not running"
            continue
        fi
        info "$name running (pid $pid, up $(ps -o etime= -p "$pid" | tr -d ' '))"
    done
}

main() {
    {
        echo "# dagster worker check $(hostname -f 2>/dev/null || hostname) $(date -u +%FT%TZ)"
    } >"$REPORT"
    check_dagster_home
    check_kernel_settings
    check_services
    echo "failures=$FAILURES" >>"$REPORT"
    echo "report written to $REPORT"
    [[ $FAILURES -eq 0 ]]
}

main
