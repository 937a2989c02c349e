#!/usr/bin/env bash
# Load or unload groups of kernel modules needed by the lab workloads.
#
#   prog35a_module_profiles.sh [-n] load|unload|status <profile>...
#
# Profiles are associative-array entries; per-module options come from
# variables named OPTS_<module>, looked up with indirect expansion.
set -euo pipefail

declare -A PROFILES=(
    [overlay-net]="overlay br_netfilter veth vxlan"
    [wireguard]="wireguard udp_tunnel ip6_udp_tunnel"
    [storage]="dm_thin_pool dm_crypt nbd"
    [gpu-sim]="vfio vfio_pci vfio_iommu_type1"
)

OPTS_nbd="max_part=16 nbds_max=8"
OPTS_vfio_pci="disable_vga=1"
OPTS_dm_crypt=""

DRY_RUN=0
SUDO=()
[[ $EUID -eq 0 ]] || SUDO=(sudo --non-interactive)

log() { printf '[modules] %s\n' "$*" >&2; }

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        printf 'would run: %s\n' "$*"
        return 0
    fi
    "${SUDO[@]}" "$@"
}

is_loaded() {
    [[ -d /sys/module/$1 ]]
}

module_opts() {
    local var="OPTS_${1//-/_}"
    printf '%s' "${!var:-}"
}

do_load() {
    local mod opts rc=0
    for mod in $1; do
        if is_loaded "$mod"; then
            log "$mod already loaded"
            continue
        fi
        opts=$(module_opts "$mod")
        log "loading $mod ${opts:+($opts)}"
        # shellcheck disable=SC2086
        run modprobe "$mod" $opts || { log "failed to load $mod"; rc=1; }
    done
    return $rc
}

do_unload() {
    local mods=() i rc=0
    read -r -a mods <<< "$1"
    # unload in reverse order so dependants go first
    for (( i=${#mods[@]}-1; i>=0; i-- )); do
        if is_loaded "${mods[i]}"; then
            log "unloading ${mods[i]}"
            run modprobe -r "${mods[i]}" || { log "could not remove ${mods[i]}"; rc=1; }
        fi
    done
    return $rc
}

do_status() {
    local mod state refcnt
    for mod in $1; do
        if is_loaded "$mod"; then
            refcnt=$(cat "/sys/module/$mod/refcnt" 2>/dev/null || echo '-')
            state="loaded (refs $refcnt)"
        else
            state="absent"
        fi
        printf '  %-20s %s\n' "$mod" "$state"
    done
}

usage() {
    echo "usage: $0 [-n] load|unload|status <profile>..." >&2
    echo "profiles: ${!PROFILES[*]}" >&2
    exit 2
}

while getopts 'nh' opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -ge 2 ]] || usage

action=$1; shift
handler="do_${action}"
declare -F "$handler" > /dev/null || usage

status=0
for profile in "$@"; do
    if [[ -z ${PROFILES[$profile]+x} ]]; then
        log "unknown profile '$profile'"
        status=1
        continue
    fi
    log "== $action $profile"
    "$handler" "${PROFILES[$profile]}" || status=1
done
exit $status
