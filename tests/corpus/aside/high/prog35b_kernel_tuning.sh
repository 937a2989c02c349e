#!/usr/bin/env bash
# kernel_tuning.sh -- apply the network/VM profile used on our build runners
#
#   ./kernel_tuning.sh show            # compare current values with profile
#   ./kernel_tuning.sh apply [profile] # write /etc/sysctl.d drop-in and load it
#
# Profiles are plain associative arrays; the active one is picked through
# variable indirection (PROFILE_<name>) so new ones can be added below.

set -euo pipefail

DROPIN="/etc/sysctl.d/60-runner-tuning.conf"
DEFAULT_PROFILE="${TUNING_PROFILE:-runner}"

declare -A PROFILE_runner=(
    [net.core.somaxconn]=4096
    [net.core.netdev_max_backlog]=16384
    [net.ipv4.tcp_max_syn_backlog]=8192
    [net.ipv4.ip_local_port_range]="15000 64000"
    [net.ipv4.tcp_fin_timeout]=15
    [vm.swappiness]=10
    [fs.inotify.max_user_watches]=524288
    [fs.file-max]=2097152
)

declare -A PROFILE_desktop=(
    [vm.swappiness]=60
    [fs.inotify.max_user_watches]=262144
)

as_root() {
    if (( EUID == 0 )); then "$@"; else sudo -- "$@"; fi
}

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" >&2; }

# bind a nameref to the chosen profile array
select_profile() {
    local name="$1" var="PROFILE_${1}"
    if ! declare -p "$var" >/dev/null 2>&1; then
        log "unknown profile '$name'"
        local p; for p in $(compgen -A variable PROFILE_); do log "  available: ${p#PROFILE_}"; done
        return 1
    fi
    declare -gn PROFILE="$var"
}

key_to_path() { local k="$1"; printf '/proc/sys/%s' "${k//.//}"; }

current_value() {
    local path; path="$(key_to_path "$1")"
    [[ -r $path ]] || { printf '<absent>'; return; }
    tr -s '\t ' ' ' < "$path"
}

show() {
    local key cur want mark
    printf '%-36s %-18s %-18s\n' KEY CURRENT PROFILE
    for key in $(printf '%s\n' "${!PROFILE[@]}" | sort); do
        cur="$(current_value "$key")"; want="${PROFILE[$key]}"
        [[ $cur == "$want" ]] && mark=" " || mark="*"
        printf '%-36s %-18s %-18s%s\n' "$key" "$cur" "$want" "$mark"
    done
}

render_dropin() {
    local profile_name="$1" key
    cat <<EOF
# managed by kernel_tuning.sh (profile: ${profile_name}) -- $(date -u +%F)
# host: $(hostname -s)
EOF
    for key in $(printf '%s\n' "${!PROFILE[@]}" | sort); do
        [[ -e $(key_to_path "$key") ]] || { log "skip $key (not on this kernel)"; continue; }
        printf '%s = %s\n' "$key" "${PROFILE[$key]}"
    done
}

apply() {
    local profile_name="$1" tmp
    tmp="$(render_dropin "$profile_name")"
    if [[ -f $DROPIN ]] && diff -q <(printf '%s\n' "$tmp" | sed 1,2d) <(sed 1,2d "$DROPIN") >/dev/null; then
        log "$DROPIN already up to date"
    else
        log "writing $DROPIN"
        printf '%s\n' "$tmp" | as_root tee "$DROPIN" >/dev/null
        as_root chmod 0644 "$DROPIN"
    fi
    log "loading sysctl settings"
    as_root sysctl -q -p "$DROPIN"
    local key
    for key in "${!PROFILE[@]}"; do
        [[ -e $(key_to_path "$key") ]] || continue
        [[ "$(current_value "$key")" == "${PROFILE[$key]}" ]] || log "warning: $key did not take effect"
    done
}

main() {
    local action="${1:-show}" profile_name="${2:-$DEFAULT_PROFILE}"
    select_profile "$profile_name" || exit 2
    case $action in
        show)  show ;;
        apply) apply "$profile_name"; show ;;
        *)     log "usage: $0 show|apply [profile]"; exit 64 ;;
    esac
}

main "$@"
