#!/usr/bin/env bash
# kernel-tuning: apply (or revert) the latency profile for the ingest hosts.
#
#   ./prog29c_kernel_tuning_apply.sh apply   # save current values, then tune
#   ./prog29c_kernel_tuning_apply.sh revert  # restore saved values
#   ./prog29c_kernel_tuning_apply.sh show    # print current values

set -euo pipefail

BACKUP_DIR="${BACKUP_DIR:-./tuning-backup}"
DRY_RUN="${DRY_RUN:-0}"

# key (path under /proc/sys or /sys)       desired value
declare -A PROFILE=(
    ["/proc/sys/net/core/somaxconn"]="4096"
    ["/proc/sys/net/core/netdev_max_backlog"]="16384"
    ["/proc/sys/net/ipv4/tcp_fin_timeout"]="15"
    ["/proc/sys/net/ipv4/tcp_tw_reuse"]="1"
    ["/proc/sys/vm/swappiness"]="10"
    ["/proc/sys/vm/dirty_background_ratio"]="5"
    ["/sys/kernel/mm/transparent_hugepage/enabled"]="never"
    ["/sys/kernel/mm/transparent_hugepage/defrag"]="never"
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

require_root() {
    if [[ $(id -u) -ne 0 ]]; then
        log "this needs root; re-run with sudo"
        exit 1
    fi
}

current_value() {
    local path=$1 raw
    raw=$(<"$path")
    # THP files show the active choice in brackets: "always madvise [never]"
    if [[ $raw =~ \[([a-z]+)\] ]]; then
        echo "${BASH_REMATCH[1]}"
    else
        echo "$raw"
    fi
}

backup_name() {
    local path=$1
    echo "$BACKUP_DIR/$(echo "$path" | tr '/' '_').orig"
}

write_value() {
    local path=$1 value=$2
    if [[ $DRY_RUN == 1 ]]; then
        log "[dry-run] would write '$value' > $path"
        return
    fi
    echo "$value" >"$path"
    log "set $path = $value"
}

cmd_show() {
    local path
    for path in "${!PROFILE[@]}"; do
        if [[ -r $path ]]; then
            printf '%-52s %s\n' "$path" "$(current_value "$path")"
        else
            printf '%-52s %s\n' "$path" "(missing)"
        fi
    done | sort
}

cmd_apply() {
    require_root
    mkdir -p "$BACKUP_DIR"
    local path
    for path in "${!PROFILE[@]}"; do
        [[ -w $path ]] || { log "skip $path (not writable)"; continue; }
        local bk
        bk=$(backup_name "$path")
        [[ -f $bk ]] || current_value "$path" >"$bk"
        write_value "$path" "${PROFILE[$path]}"
    done
    sysctl -w net.ipv4.tcp_slow_start_after_idle=0 >/dev/null
    log "profile applied"
}

cmd_revert() {
    require_root
    local path bk
    for path in "${!PROFILE[@]}"; do
        bk=$(backup_name "$path")
        if [[ -f $bk ]]; then
            write_value "$path" "$(<"$bk")"
            rm -f "$bk"
        fi
    done
    sysctl -w net.ipv4.tcp_slow_start_after_idle=1 >/dev/null
    log "profile reverted"
}

case "${1:-show}" in
    apply)  cmd_apply ;;
    revert) cmd_revert ;;
    show)   cmd_show ;;
    *) echo "usage: $0 {apply|revert|show}" >&2; exit 2 ;;
esac
