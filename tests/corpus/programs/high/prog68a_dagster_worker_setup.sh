#!/usr/bin/env bash
# dagster_worker_setup.sh - bring a Dagster run worker to the kernel and
# service settings the platform expects, then bounce the daemon.
#
#   ./dagster_worker_setup.sh [--config worker.conf] [--no-restart]
#
# worker.conf (optional, shell syntax) may override:
#   MAX_MAP_COUNT, INOTIFY_WATCHES, SOMAXCONN, DAEMON_UNIT
set -uo pipefail

CONFIG=""
RESTART=1
MAX_MAP_COUNT=262144
INOTIFY_WATCHES=524288
SOMAXCONN=4096
DAEMON_UNIT="dagster-daemon.service"
CODE_SERVER_UNIT="dagster-code-server.service"
DAGSTER_HOME="${DAGSTER_HOME:-/opt/dagster/home}"

info()  { echo -e "\033[32m[setup]\033[0m $*"; }
warn()  { echo -e "\033[33m[setup]\033[0m $*" >&2; }
abort() { echo -e "\033[31m[setup]\033[0m $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --config) CONFIG="$2"; shift 2 ;;
        --no-restart) RESTART=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
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

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

apply_kernel_settings() {
    local key want have changed=0
    for key in "${!WANTED[@]}"; do
        want="${WANTED[$key]}"
        have="$(current_value "$key")"
        if (( have >= want )); then
            info "$key=$have (ok)"
            continue
        fi
        info "$key: $have -> $want"
        if as_root sysctl -q -w "$key=$want"; then
            changed=$((changed + 1))
        else
            warn "could not set $key"
        fi
    done
    info "$changed kernel setting(s) changed"
}

check_dagster_home() {
    if [[ ! -f "$DAGSTER_HOME/dagster.yaml" ]]; then
        warn "$DAGSTER_HOME/dagster.yaml missing; daemon will use defaults"
    fi
    if command -v dagster >/dev/null; then
        info "$(dagster --version 2>/dev/null)"
    else
        warn "dagster CLI not on PATH"
    fi
}

restart_services() {
    local unit
    for unit in "$CODE_SERVER_UNIT" "$DAEMON_UNIT"; do
        if ! systemctl list-unit-files "$unit" >/dev/null 2>&1; then
            warn "$unit not installed, skipping"
            continue
        fi
        info "restarting $unit"
        as_root systemctl restart "$unit" || warn "restart of $unit failed"
        sleep 2
        systemctl is-active --quiet "$unit" && info "$unit active" || warn "$unit not active"
    done
}

main() {
    check_dagster_home
    apply_kernel_settings
    if [[ $RESTART -eq 1 ]]; then
        restart_services
    fi
    info "worker setup complete"
}

main
