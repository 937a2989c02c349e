#!/usr/bin/env bash
# Tunes the booth server for large DCP transfers from the library NAS and
# restarts the ingest services so they pick up the new buffer sizes.
set -euo pipefail

PROFILE="${1:-ingest}"
LOG="${TUNE_LOG:-$PWD/service-tune.log}"

log() { printf '%s [tune] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

elevate() {
    local runner=()
    [ "$(id -u)" -eq 0 ] || runner=(sudo)
    "${runner[@]}" "$@"
}

kv() { printf '%s.%s=%s' "$1" "$2" "$3"; }

profile_ingest() {
    local -n out=$1
    out=(
        "$(kv net.core rmem_max 67108864)"
        "$(kv net.core wmem_max 67108864)"
        "$(kv net.ipv4 tcp_rmem '4096 87380 67108864')"
        "$(kv net.ipv4 tcp_wmem '4096 65536 67108864')"
        "$(kv vm dirty_background_ratio 5)"
    )
}

profile_show() {
    local -n out=$1
    out=(
        "$(kv net.core rmem_max 16777216)"
        "$(kv net.core wmem_max 16777216)"
        "$(kv vm dirty_background_ratio 10)"
    )
}

declare -A PROFILES=([ingest]=profile_ingest [show]=profile_show)
SERVICES=(dcp-ingest.service smbd.service nfs-server.service)

apply_kernel_values() {
    local settings=() tool item
    "${PROFILES[$PROFILE]}" settings
    tool=$(printf '%s%s' sys ctl)
    for item in "${settings[@]}"; do
        log "setting $item"
        elevate "$tool" -w "$item" >/dev/null
    done
}

restart_services() {
    local ctl unit
    ctl=$(printf '%s%s' systemctl "")
    for unit in "${SERVICES[@]}"; do
        if "$ctl" list-unit-files "$unit" --no-legend 2>/dev/null | grep -q "$unit"; then
            log "restarting $unit"
            elevate "$ctl" restart "$unit"
            "$ctl" is-active --quiet "$unit" && log "$unit active" || log "$unit NOT active"
        else
            log "$unit not installed here, skipping"
        fi
    done
}

check_show_running() {
    # never touch the services while a show is playing
    local flag="${SHOW_FLAG:-$PWD/show-running.flag}"
    if [ -e "$flag" ]; then
        log "show in progress ($flag present); aborting"
        exit 3
    fi
}

main() {
    if [ -z "${PROFILES[$PROFILE]+x}" ]; then
        echo "usage: $0 [ingest|show]" >&2
        exit 2
    fi
    check_show_running
    log "applying profile $PROFILE"
    apply_kernel_values
    restart_services
    log "done"
}

main
