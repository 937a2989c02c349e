#!/usr/bin/env bash
# Prepare a login/compute node for a large ensemble campaign: mount the
# project's Lustre scratch, tune dirty-page writeback for big checkpoint
# bursts, and create per-user run directories.
#
#   usage: lustre_scratch_prep.sh <project> [users...]
set -uo pipefail

MGS=${MGS:-mgs01-ib@o2ib:/pscratch}
MNT=${MNT:-/mnt/pscratch}
STRIPE_COUNT=${STRIPE_COUNT:-8}
declare -A SYSCTLS=(
    [vm.dirty_ratio]=40
    [vm.dirty_background_ratio]=10
    [vm.dirty_expire_centisecs]=6000
)

msg() { printf '%(%H:%M:%S)T  %s\n' -1 "$*"; }
err() { msg "ERROR: $*" >&2; }

[[ $# -ge 1 ]] || { echo "usage: ${0##*/} <project> [users...]" >&2; exit 2; }
PROJECT=$1; shift
USERS=("$@")
[[ ${#USERS[@]} -gt 0 ]] || USERS=("$USER")

mount_scratch() {
    if findmnt -rn "$MNT" >/dev/null; then
        msg "$MNT already mounted ($(findmnt -rn -o SOURCE "$MNT"))"
        return 0
    fi
    sudo mkdir -p "$MNT"
    msg "mounting $MGS on $MNT"
    if ! sudo mount -t lustre -o flock,lazystatfs "$MGS" "$MNT"; then
        err "mount failed; is the lnet module loaded?"
        return 1
    fi
}

tune_writeback() {
    local key current
    for key in "${!SYSCTLS[@]}"; do
        current=$(sysctl -n "$key")
        if [[ $current != "${SYSCTLS[$key]}" ]]; then
            msg "sysctl $key: $current -> ${SYSCTLS[$key]}"
            sudo sysctl -q -w "$key=${SYSCTLS[$key]}"
        fi
    done
}

make_run_dirs() {
    local base="$MNT/$PROJECT" u dir
    sudo mkdir -p "$base"
    sudo chgrp "$PROJECT" "$base" 2>/dev/null || err "group $PROJECT missing"
    sudo chmod 2770 "$base"
    for u in "${USERS[@]}"; do
        dir="$base/$u"
        if [[ ! -d $dir ]]; then
            sudo mkdir -p "$dir/runs" "$dir/checkpoints"
            sudo chown -R "$u:$PROJECT" "$dir"
            msg "created $dir"
        fi
        if command -v lfs >/dev/null; then
            lfs setstripe -c "$STRIPE_COUNT" "$dir/checkpoints" 2>/dev/null \
                || err "could not set stripe on $dir/checkpoints"
        fi
    done
}

report() {
    df -h "$MNT" | tail -n +1
    lfs df -h "$MNT" 2>/dev/null | tail -n 3 || true
}

mount_scratch || exit 1
tune_writeback
make_run_dirs
report
msg "node ready for $PROJECT (${#USERS[@]} user dirs)"
