#!/usr/bin/env bash
# scratch_mount: attach the group's project scratch export on a workstation
# that is not managed by the cluster, so the same paths work as on the nodes.
#
#   scratch_mount.sh up   [project]
#   scratch_mount.sh down [project]
#   scratch_mount.sh check
set -uo pipefail

CONF="${SCRATCH_CONF:-./scratch_exports.conf}"
MOUNT_BASE="${MOUNT_BASE:-/mnt/scratch}"
DEFAULT_OPTS="rw,hard,vers=4.2,rsize=1048576,wsize=1048576,noatime"

die() { echo "scratch_mount: $*" >&2; exit 1; }
info() { echo "scratch_mount: $*"; }

# conf format:  <project> <server>:<export> [mount options]
lookup() {
    local project="$1"
    [[ -r "$CONF" ]] || die "cannot read $CONF"
    awk -v p="$project" '$1 == p {print $2, ($3 == "" ? "'"$DEFAULT_OPTS"'" : $3)}' "$CONF"
}

projects() { awk '!/^#/ && NF >= 2 {print $1}' "$CONF"; }

mount_one() {
    local project="$1" src opts target
    read -r src opts < <(lookup "$project")
    [[ -n "${src:-}" ]] || die "project '$project' not in $CONF"
    target="$MOUNT_BASE/$project"
    if mountpoint -q "$target"; then
        info "$target already mounted"
        return 0
    fi
    sudo mkdir -p "$target"
    if ! sudo mount -t nfs4 -o "$opts" "$src" "$target"; then
        die "mount of $src failed"
    fi
    sudo chown "$(id -u):$(id -g)" "$target"
    info "mounted $src on $target"
}

umount_one() {
    local target="$MOUNT_BASE/$1"
    if mountpoint -q "$target"; then
        sudo umount "$target" || sudo umount -l "$target"
        info "unmounted $target"
    else
        info "$target not mounted"
    fi
}

check() {
    local p
    for p in $(projects); do
        if mountpoint -q "$MOUNT_BASE/$p"; then
            df -h --output=size,used,avail,target "$MOUNT_BASE/$p" | tail -n1
        else
            printf '%-20s not mounted\n' "$p"
        fi
    done
}

action="${1:-check}"
project="${2:-${SCRATCH_PROJECT:-}}"
case "$action" in
    up)    if [[ -n "$project" ]]; then mount_one "$project"; else for p in $(projects); do mount_one "$p"; done; fi ;;
    down)  if [[ -n "$project" ]]; then umount_one "$project"; else for p in $(projects); do umount_one "$p"; done; fi ;;
    check) check ;;
    *)     die "unknown action $action" ;;
esac
