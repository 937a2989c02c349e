#!/usr/bin/env bash
# Create a quota-enabled scratch volume for the build farm users.
# A sparse image file is created and formatted in the project directory,
# then loop-mounted at /srv/scratch with user quotas, an /etc/fstab entry
# is added, and per-user block limits are applied from ./quota-limits.txt.

set -euo pipefail

PROG=${0##*/}
IMG_DIR=${IMG_DIR:-./images}
IMG_NAME=${IMG_NAME:-scratch.img}
SIZE=${SIZE:-2G}
MOUNTPOINT=${MOUNTPOINT:-/srv/scratch}
LIMITS=${LIMITS:-./quota-limits.txt}
LABEL=${LABEL:-scratch}

log()  { printf '%(%F %T)T %s\n' -1 "$*" >&2; }
die()  { log "error: $*"; exit 1; }

SUDO=""
[[ $EUID -eq 0 ]] || SUDO="sudo"
run_as_root() { log "+ $*"; $SUDO "$@"; }

usage() {
    cat <<EOF
Usage: $PROG [-s size] [-m mountpoint] [-l limits_file]
EOF
}

while getopts ':s:m:l:h' opt; do
    case $opt in
        s) SIZE=$OPTARG ;;
        m) MOUNTPOINT=$OPTARG ;;
        l) LIMITS=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

for t in mkfs.ext4 quotacheck setquota; do
    command -v "$t" >/dev/null 2>&1 || die "missing $t (install e2fsprogs and quota)"
done

IMG_PATH=$(realpath -m "$IMG_DIR/$IMG_NAME")

make_image() {
    mkdir -p "$IMG_DIR"
    if [[ -e $IMG_PATH ]]; then
        [[ -f $IMG_PATH ]] || die "$IMG_PATH exists and is not a regular file"
        log "reusing image $IMG_PATH"
        return 0
    fi
    truncate -s "$SIZE" "$IMG_PATH"
    # formatting a regular file in our own directory, not a block device
    mkfs.ext4 -q -F -L "$LABEL" -O quota -E quotatype=usrquota "$IMG_PATH"
    log "created $SIZE image $IMG_PATH"
}

mount_volume() {
    run_as_root install -d -m 0755 "$MOUNTPOINT"
    if mountpoint -q "$MOUNTPOINT"; then
        log "$MOUNTPOINT already mounted"
    else
        run_as_root mount -o loop,usrquota,nodev,nosuid "$IMG_PATH" "$MOUNTPOINT"
    fi
    local entry="$IMG_PATH $MOUNTPOINT ext4 loop,usrquota,nodev,nosuid 0 2"
    if ! grep -qF " $MOUNTPOINT " /etc/fstab; then
        run_as_root cp -p /etc/fstab "/etc/fstab.bak.$(date +%s)"
        printf '%s\n' "$entry" | run_as_root tee -a /etc/fstab >/dev/null
        log "added fstab entry for $MOUNTPOINT"
    fi
    run_as_root chmod 1777 "$MOUNTPOINT"
}

apply_quotas() {
    run_as_root quotaon -u "$MOUNTPOINT" 2>/dev/null || true
    [[ -r $LIMITS ]] || { log "no limits file $LIMITS; quotas enabled without limits"; return 0; }
    local user soft hard n=0
    while read -r user soft hard; do
        [[ -z $user || $user == \#* ]] && continue
        id "$user" >/dev/null 2>&1 || { log "unknown user $user"; continue; }
        run_as_root setquota -u "$user" "$soft" "$hard" 0 0 "$MOUNTPOINT"
        n=$(( n + 1 ))
    done < "$LIMITS"
    log "limits applied for $n user(s)"
    run_as_root repquota -s "$MOUNTPOINT" | tee ./quota-report.txt >/dev/null
}

make_image
mount_volume
apply_quotas
log "scratch volume ready at $MOUNTPOINT"
