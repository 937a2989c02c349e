#!/usr/bin/env bash
# Mount the office NAS project shares on a drafting workstation.
# Uses Kerberos tickets, so run `kinit` first.
set -euo pipefail

NAS_HOST="${HS_NAS_HOST:-nas01.hs-survey.example.com}"
MOUNT_ROOT="${HS_MOUNT_ROOT:-/mnt/hs}"
SHARES=(projects control-archive scans deliverables)
ACTION="mount"

usage() {
    echo "usage: $0 [mount|umount|status]"
}

[[ $# -gt 0 ]] && ACTION="$1"

have_ticket() {
    klist -s 2>/dev/null
}

do_mount() {
    if ! have_ticket; then
        echo "no Kerberos ticket; run kinit $(id -un)@HS-SURVEY.EXAMPLE.COM" >&2
        exit 1
    fi
    for share in "${SHARES[@]}"; do
        local target="${MOUNT_ROOT}/${share}"
        if mountpoint -q "$target"; then
            echo "already mounted: $target"
            continue
        fi
        sudo mkdir -p "$target"
        sudo mount -t cifs "//${NAS_HOST}/${share}" "$target" \
            -o "sec=krb5,multiuser,cruid=$(id -u),uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750"
        echo "mounted //${NAS_HOST}/${share} on $target"
    done
}

do_umount() {
    for share in "${SHARES[@]}"; do
        local target="${MOUNT_ROOT}/${share}"
        if mountpoint -q "$target"; then
            sudo umount "$target"
            echo "unmounted $target"
        fi
    done
}

do_status() {
    for share in "${SHARES[@]}"; do
        local target="${MOUNT_ROOT}/${share}"
        if mountpoint -q "$target"; then
            printf '%-20s mounted   %s\n' "$share" "$(df -h --output=used,size "$target" | tail -1)"
        else
            printf '%-20s not mounted\n' "$share"
        fi
    done
}

case "$ACTION" in
    mount) do_mount ;;
    umount|unmount) do_umount ;;
    status) do_status ;;
    *) usage; exit 1 ;;
esac
