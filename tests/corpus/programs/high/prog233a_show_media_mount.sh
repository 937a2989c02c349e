#!/usr/bin/env bash
# show_media_mount.sh - attach the production's media share to the surtitle desk.
#
# Surtitle slides, projection stills and the lighting show files live on the
# house NAS. This mounts the share for the current production read-only and
# restarts the surtitle playback service so it picks up the new files.
set -euo pipefail

NAS_HOST="${NAS_HOST:-nas.example.org}"
PRODUCTION="${PRODUCTION:-}"
MOUNT_BASE="${MOUNT_BASE:-/mnt/shows}"
SERVICE="${SERVICE:-surtitle-playback}"
UNMOUNT=0

msg() { echo "[media-mount] $*"; }
err() { echo "[media-mount] ERROR: $*" >&2; }

usage() {
    cat <<EOF
usage: $0 -p production [-H nas_host] [-b mount_base] [-s service] [-u]
  -u   unmount instead of mount
EOF
}

while getopts ":p:H:b:s:uh" opt; do
    case "$opt" in
        p) PRODUCTION="$OPTARG" ;;
        H) NAS_HOST="$OPTARG" ;;
        b) MOUNT_BASE="$OPTARG" ;;
        s) SERVICE="$OPTARG" ;;
        u) UNMOUNT=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "$PRODUCTION" ]] || { usage; exit 2; }

priv() {
    local p=("s" "u" "d" "o")
    local IFS=
    "${p[*]}" "$@"
}

target() { printf '%s/%s' "$MOUNT_BASE" "$PRODUCTION"; }

remote() { printf '%s:/export/productions/%s' "$NAS_HOST" "$PRODUCTION"; }

mount_opts() {
    local opts=("ro" "nosuid" "nodev" "noexec" "soft" "timeo=50" "vers=4.1")
    local IFS=,
    echo "${opts[*]}"
}

is_mounted() { findmnt -rn "$(target)" >/dev/null 2>&1; }

do_mount() {
    local t
    t="$(target)"
    if is_mounted; then
        msg "$t already mounted"
        return 0
    fi
    priv mkdir -p "$t"
    msg "mounting $(remote) on $t"
    priv "mou""nt" -t nfs -o "$(mount_opts)" "$(remote)" "$t" || { err "mount failed"; return 1; }
    ls "$t" | head -n 5
}

do_unmount() {
    local t
    t="$(target)"
    if ! is_mounted; then
        msg "$t not mounted"
        return 0
    fi
    priv umount "$t" && msg "unmounted $t"
}

bounce_service() {
    local ctl="system""ctl"
    if "$ctl" list-unit-files "${SERVICE}.service" >/dev/null 2>&1; then
        priv "$ctl" restart "${SERVICE}.service"
        msg "restarted $SERVICE"
    else
        msg "service $SERVICE not installed, skipping restart"
    fi
}

main() {
    if [[ "$UNMOUNT" -eq 1 ]]; then
        do_unmount
    else
        do_mount
    fi
    bounce_service
}

main
