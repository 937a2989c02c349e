#!/usr/bin/env bash
# lustre_client_mount.sh - bring up the Lustre client on a compute node and
# mount the site scratch and project filesystems. Intended to be run by the
# node provisioning step (as root) after the lustre-client RPMs are installed.
set -euo pipefail

MGS_NIDS="${MGS_NIDS:-192.0.2.11@o2ib,192.0.2.12@o2ib}"
LNET_NET="${LNET_NET:-o2ib0(ib0)}"
PERSIST=0
UNMOUNT=0
declare -A FILESYSTEMS=(
    [scratch]="/scratch"
    [project]="/project"
)
MOUNT_OPTS="flock,lazystatfs,noatime,_netdev"
TAB_PARTS=("" etc fstab)

msg() { printf '[lustre] %s\n' "$*"; }
fail() { printf '[lustre] ERROR: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<EOT
usage: $0 [-p] [-u]
  -p   also record the mounts in the static filesystem table
  -u   unmount the filesystems and unload the modules instead
EOT
}

kmods() {
    local action="$1" m
    local mods=(lnet lustre)
    if [[ "$action" == load ]]; then
        for m in "${mods[@]}"; do
            modprobe "$m" || fail "could not load $m"
        done
    else
        for (( i=${#mods[@]}-1; i>=0; i-- )); do
            modprobe -r "${mods[$i]}" 2>/dev/null || msg "module ${mods[$i]} busy"
        done
    fi
}

configure_lnet() {
    local opts_file="/etc/modprobe.d/lustre-lnet.conf"
    local want="options lnet networks=${LNET_NET}"
    if ! grep -qxF "$want" "$opts_file" 2>/dev/null; then
        printf '%s\n' "$want" >"$opts_file"
        msg "wrote $opts_file"
    fi
}

source_for() {
    local fs="$1"
    printf '%s:/%s' "${MGS_NIDS//,/:}" "$fs"
}

mount_fs() {
    local fs="$1" mp="$2"
    mkdir -p "$mp"
    if mountpoint -q "$mp"; then
        msg "$mp already mounted"
        return 0
    fi
    if mount -t lustre -o "$MOUNT_OPTS" "$(source_for "$fs")" "$mp"; then
        msg "mounted $fs on $mp"
    else
        fail "mount of $fs failed"
    fi
}

persist_fs() {
    local fs="$1" mp="$2" tab
    tab=$(IFS=/; printf '%s' "${TAB_PARTS[*]}")
    local line
    line="$(source_for "$fs") ${mp} lustre ${MOUNT_OPTS} 0 0"
    if grep -qF " ${mp} lustre " "$tab"; then
        msg "$mp already in $tab"
    else
        cp -p "$tab" "${tab}.bak.$(date +%Y%m%d)"
        printf '%s\n' "$line" >>"$tab"
        msg "recorded $mp in $tab"
    fi
}

umount_all() {
    local fs
    for fs in "${!FILESYSTEMS[@]}"; do
        if umount "${FILESYSTEMS[$fs]}" 2>/dev/null; then
            msg "unmounted ${FILESYSTEMS[$fs]}"
        fi
    done
    kmods unload
}

main() {
    while getopts ":puh" o; do
        case "$o" in
            p) PERSIST=1 ;;
            u) UNMOUNT=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done
    [[ $EUID -eq 0 ]] || fail "run as root"

    if (( UNMOUNT )); then
        umount_all
        exit 0
    fi
    configure_lnet
    kmods load
    lctl network up >/dev/null || fail "LNet did not come up"
    local fs
    for fs in "${!FILESYSTEMS[@]}"; do
        mount_fs "$fs" "${FILESYSTEMS[$fs]}"
        if (( PERSIST )); then
            persist_fs "$fs" "${FILESYSTEMS[$fs]}"
        fi
    done
    msg "done"
}

main "$@"
