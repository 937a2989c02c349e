#!/usr/bin/env bash
# Inspect a (powered-off) guest disk image without booting it.
#
#   qcow2_nbd_inspect.sh IMAGE [PARTITION] [OUTDIR]
#
# Attaches IMAGE read-only to a free /dev/nbdN via qemu-nbd, mounts the
# chosen partition read-only, copies the guest's boot and package logs into
# OUTDIR (default ./inspect-<image>) for triage, then tears everything down.
set -Eeuo pipefail

IMAGE="${1:?usage: $0 IMAGE [PARTITION] [OUTDIR]}"
PART="${2:-1}"
OUTDIR="${3:-./inspect-$(basename "${IMAGE%.*}")}"
MNT="/mnt/nbd-inspect.$$"
NBD_DEV=""
SUDO="sudo"
[[ $EUID -eq 0 ]] && SUDO=""

COLLECT=(
    var/log/cloud-init.log
    var/log/cloud-init-output.log
    var/log/dpkg.log
    var/log/dnf.log
    var/log/boot.log
    etc/os-release
    etc/fstab
)

log() { echo "[inspect] $*" >&2; }

cleanup() {
    set +e
    if mountpoint -q "$MNT" 2>/dev/null; then
        $SUDO umount "$MNT" && log "unmounted $MNT"
    fi
    [[ -d "$MNT" ]] && $SUDO rmdir "$MNT"
    if [[ -n "$NBD_DEV" ]]; then
        $SUDO qemu-nbd --disconnect "$NBD_DEV" >/dev/null && log "released $NBD_DEV"
    fi
}
trap cleanup EXIT

ensure_nbd_module() {
    if [[ ! -e /sys/module/nbd ]]; then
        log "loading nbd kernel module"
        $SUDO modprobe nbd max_part=16
        sleep 1
    fi
}

find_free_nbd() {
    local dev
    for dev in /sys/class/block/nbd*; do
        [[ -e "$dev/pid" ]] && continue          # in use
        [[ "$(cat "$dev/size")" == "0" ]] || continue
        echo "/dev/$(basename "$dev")"
        return 0
    done
    return 1
}

attach() {
    NBD_DEV="$(find_free_nbd)" || { log "no free nbd device"; exit 1; }
    log "attaching $IMAGE to $NBD_DEV (read-only)"
    $SUDO qemu-nbd --read-only --persistent=off --connect="$NBD_DEV" "$IMAGE"
    for _ in $(seq 1 20); do
        [[ -b "${NBD_DEV}p${PART}" ]] && return 0
        sleep 0.25
    done
    $SUDO partprobe "$NBD_DEV" || true
    [[ -b "${NBD_DEV}p${PART}" ]] || { log "partition $PART not found"; exit 1; }
}

mount_ro() {
    local fstype
    fstype="$($SUDO blkid -o value -s TYPE "${NBD_DEV}p${PART}" || echo auto)"
    $SUDO mkdir -p "$MNT"
    case "$fstype" in
        xfs)  $SUDO mount -t xfs -o ro,norecovery,nouuid "${NBD_DEV}p${PART}" "$MNT" ;;
        ext4) $SUDO mount -t ext4 -o ro,noload "${NBD_DEV}p${PART}" "$MNT" ;;
        *)    $SUDO mount -o ro "${NBD_DEV}p${PART}" "$MNT" ;;
    esac
    log "mounted ${NBD_DEV}p${PART} ($fstype) on $MNT"
}

collect() {
    mkdir -p "$OUTDIR"
    local rel copied=0
    for rel in "${COLLECT[@]}"; do
        if $SUDO test -f "$MNT/$rel"; then
            $SUDO cat "$MNT/$rel" > "$OUTDIR/$(echo "$rel" | tr / _)"
            copied=$((copied + 1))
        fi
    done
    $SUDO du -sh "$MNT"/var/log 2>/dev/null | awk '{print "guest /var/log size: "$1}' > "$OUTDIR/summary.txt"
    $SUDO ls -la "$MNT"/etc/systemd/system/multi-user.target.wants >> "$OUTDIR/summary.txt" 2>&1 || true
    log "copied $copied file(s) into $OUTDIR"
}

[[ -f "$IMAGE" ]] || { log "no such image: $IMAGE"; exit 1; }
command -v qemu-nbd >/dev/null || { log "qemu-nbd not installed (qemu-utils)"; exit 1; }

ensure_nbd_module
attach
mount_ro
collect
log "done"
