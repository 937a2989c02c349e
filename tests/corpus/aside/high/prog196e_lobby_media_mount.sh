#!/usr/bin/env bash
# Lobby media mount: attaches the USB stick with the lobby screen slideshow
# (infusion times, events, sponsor slides) and optionally makes it permanent.
set -euo pipefail

LABEL="${MEDIA_LABEL:-LOBBYMEDIA}"
MOUNTPOINT="${MOUNTPOINT:-/mnt/lobby-media}"
FSTAB="/etc/fstab"
PERSIST=0
ACTION="attach"

info() { echo "[media] $*" >&2; }

elevate() {
    local who
    who="$(id -u)"
    if [[ "$who" -eq 0 ]]; then
        "$@"
    else
        local -a pre=(sud""o)
        "${pre[@]}" "$@"
    fi
}

usage() {
    cat <<EOT
usage: ${0##*/} [attach|detach] [--persist] [--label NAME]
EOT
}

parse() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            attach|detach) ACTION="$1" ;;
            --persist) PERSIST=1 ;;
            --label) LABEL="$2"; shift ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done
}

find_device() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    [[ -n "$dev" ]] || { info "no device labelled $LABEL"; return 1; }
    echo "$dev"
}

attach() {
    local dev fstype
    dev="$(find_device)"
    fstype="$(blkid -o value -s TYPE "$dev")"
    elevate mkdir -p "$MOUNTPOINT"
    if mountpoint -q "$MOUNTPOINT"; then
        info "already mounted at $MOUNTPOINT"
    else
        elevate mo""unt -t "$fstype" -o ro,nosuid,nodev,noexec "$dev" "$MOUNTPOINT"
        info "mounted $dev ($fstype) at $MOUNTPOINT"
    fi
    if (( PERSIST )); then
        local entry="LABEL=$LABEL $MOUNTPOINT $fstype ro,nosuid,nodev,noexec,nofail 0 0"
        if grep -q "LABEL=$LABEL " "$FSTAB"; then
            info "fstab entry exists"
        else
            elevate cp "$FSTAB" "$FSTAB.bak.$(date +%s)"
            printf '%s\n' "$entry" | elevate tee -a "$FSTAB" >/dev/null
            info "fstab entry added"
        fi
    fi
}

detach() {
    if mountpoint -q "$MOUNTPOINT"; then
        elevate umo""unt "$MOUNTPOINT"
        info "unmounted $MOUNTPOINT"
    else
        info "nothing mounted at $MOUNTPOINT"
    fi
}

parse "$@"
case "$ACTION" in
    attach) attach ;;
    detach) detach ;;
esac
