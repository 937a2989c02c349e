#!/usr/bin/env bash
# ledger_db_tuning.sh - apply the kernel settings the general-ledger
# PostgreSQL hosts are sized for (see capacity plan GL-2023-07).
#
# Run once after provisioning and again after kernel upgrades. Values are
# applied live and also written to a drop-in so they survive reboots.
#
#   ledger_db_tuning.sh [--profile small|large] [--check]

set -euo pipefail

PROFILE="large"
CHECK_ONLY=0
DROPIN="/etc/sysctl.d/60-ledger-postgres.conf"
THP_PATH="/sys/kernel/mm/transparent_hugepage/enabled"

declare -A SMALL=(
    [vm.swappiness]=10
    [vm.dirty_background_ratio]=5
    [vm.dirty_ratio]=15
    [vm.overcommit_memory]=2
    [kernel.shmmax]=8589934592
)
declare -A LARGE=(
    [vm.swappiness]=1
    [vm.dirty_background_ratio]=3
    [vm.dirty_ratio]=10
    [vm.overcommit_memory]=2
    [kernel.shmmax]=68719476736
)

while [[ $# -gt 0 ]]; do
    case "$1" in
        --profile) PROFILE="$2"; shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

log() { logger -t ledger-db-tuning "$*" 2>/dev/null || true; echo "$*"; }

select_profile() {
    case "$PROFILE" in
        small) for k in "${!SMALL[@]}"; do WANT[$k]="${SMALL[$k]}"; done ;;
        large) for k in "${!LARGE[@]}"; do WANT[$k]="${LARGE[$k]}"; done ;;
        *) echo "unknown profile $PROFILE" >&2; exit 2 ;;
    esac
}

key_to_path() {
    echo "/proc/sys/${1//.//}"
}

report() {
    local k cur
    for k in "${!WANT[@]}"; do
        cur=$(cat "$(key_to_path "$k")" 2>/dev/null || echo "?")
        printf '%-32s current=%-14s wanted=%s\n' "$k" "$cur" "${WANT[$k]}"
    done
    printf '%-32s %s\n' "transparent_hugepage" "$(cat "$THP_PATH" 2>/dev/null || echo '?')"
}

apply_live() {
    local k p
    for k in "${!WANT[@]}"; do
        p=$(key_to_path "$k")
        if [[ ! -w "$p" ]]; then
            log "cannot write $p (not root?)"
            return 1
        fi
        echo "${WANT[$k]}" > "$p"
        log "set $k=${WANT[$k]}"
    done
    if [[ -w "$THP_PATH" ]]; then
        echo never > "$THP_PATH"
        log "transparent hugepages disabled"
    fi
}

write_dropin() {
    local tmp
    tmp=$(mktemp "${DROPIN}.XXXX")
    {
        echo "# managed by ledger_db_tuning.sh, profile=${PROFILE}"
        for k in $(printf '%s\n' "${!WANT[@]}" | sort); do
            echo "$k = ${WANT[$k]}"
        done
    } > "$tmp"
    chmod 0644 "$tmp"
    mv "$tmp" "$DROPIN"
    sysctl --system >/dev/null
    log "persisted settings to $DROPIN"
}

declare -A WANT=()
select_profile
report
if [[ $CHECK_ONLY -eq 1 ]]; then
    exit 0
fi
apply_live
write_dropin
echo "--- after ---"
report
