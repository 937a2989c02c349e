#!/bin/bash
# pxe_iso_stage.sh - stage kernel, initrd and the install tree of a distro
# ISO into ./pxe-staging/<label>/ so the netboot image can be rebuilt.
#
# The ISO is loop-mounted read-only; everything copied ends up in the
# working directory.  Settings: ./pxe-stage.conf (optional).
set -eu

PROG=$(basename "$0")
CONF=./pxe-stage.conf
STAGE_ROOT=./pxe-staging
MOUNTPOINT=""
LABEL=""
COPY_TREE=1
KERNEL_CANDIDATES=(casper/vmlinuz images/pxeboot/vmlinuz install.amd/vmlinuz isolinux/vmlinuz)
INITRD_CANDIDATES=(casper/initrd images/pxeboot/initrd.img install.amd/initrd.gz isolinux/initrd.img)

# shellcheck disable=SC1090
[ -r "$CONF" ] && . "$CONF"

info()  { echo "$PROG: $*"; }
abort() { echo "$PROG: $*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [-l LABEL] [-k] ISO
  -l LABEL  name of the staging sub-directory (default: ISO basename)
  -k        kernel and initrd only, skip the install tree
EOF
}

teardown() {
    if [ -n "$MOUNTPOINT" ] && mountpoint -q "$MOUNTPOINT"; then
        sudo umount "$MOUNTPOINT" || info "could not unmount $MOUNTPOINT"
    fi
    [ -n "$MOUNTPOINT" ] && rmdir "$MOUNTPOINT" 2>/dev/null || true
}
trap teardown EXIT HUP INT TERM

first_existing() {
    local base=$1; shift
    local rel
    for rel in "$@"; do
        [ -f "$base/$rel" ] && { echo "$rel"; return 0; }
    done
    return 1
}

mount_iso() {
    local iso=$1
    MOUNTPOINT="$STAGE_ROOT/.mnt-$$"
    mkdir -p "$MOUNTPOINT"
    info "mounting $iso (read-only)"
    sudo mount -o loop,ro -t iso9660 "$iso" "$MOUNTPOINT"
}

stage_boot_files() {
    local dest=$1 k i
    k=$(first_existing "$MOUNTPOINT" "${KERNEL_CANDIDATES[@]}") || abort "no kernel found on ISO"
    i=$(first_existing "$MOUNTPOINT" "${INITRD_CANDIDATES[@]}") || abort "no initrd found on ISO"
    cp "$MOUNTPOINT/$k" "$dest/vmlinuz"
    cp "$MOUNTPOINT/$i" "$dest/initrd"
    info "kernel: $k, initrd: $i"
}

stage_tree() {
    local dest=$1
    info "copying install tree ($(du -sh "$MOUNTPOINT" | cut -f1))"
    rsync -a --no-owner --no-group --exclude 'isolinux/' --exclude '[BOOT]/' \
        "$MOUNTPOINT/" "$dest/tree/"
    chmod -R u+w "$dest/tree"
}

while getopts ":l:kh" opt; do
    case "$opt" in
        l) LABEL=$OPTARG ;;
        k) COPY_TREE=0 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { usage >&2; exit 2; }

ISO=$1
[ -f "$ISO" ] || abort "no such file: $ISO"
LABEL=${LABEL:-$(basename "$ISO" .iso)}
DEST="$STAGE_ROOT/$LABEL"
mkdir -p "$DEST"

mount_iso "$ISO"
stage_boot_files "$DEST"
[ "$COPY_TREE" -eq 1 ] && stage_tree "$DEST"
sha256sum "$DEST/vmlinuz" "$DEST/initrd" > "$DEST/SHA256SUMS"
info "staged $LABEL in $DEST"
