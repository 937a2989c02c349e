#!/usr/bin/env bash
# demo_share_mount.sh - attach the NAS demo share and pull finished match demos
#
# Match servers write .dem files locally; after each map the caster desk wants
# them on the NAS so the replay operator can scrub through highlights. This
# mounts the NAS share (credentials in ~/.config/lan-demos.cred), copies new
# demos across, and unmounts again unless --stay is given.
#
#   ./demo_share_mount.sh               # copy ./servers/*/*.dem to the NAS
#   ./demo_share_mount.sh --stay        # leave the share mounted

set -euo pipefail

NAS_SHARE="${NAS_SHARE:-//nas.lan/demos}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/lan-demos}"
CRED_FILE="${CRED_FILE:-$HOME/.config/lan-demos.cred}"
SRC_GLOB="${SRC_GLOB:-./servers/*/*.dem}"
STAY=0

for arg in "$@"; do
    case "$arg" in
        --stay) STAY=1 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option $arg" >&2; exit 64 ;;
    esac
done

info() { echo "[demos] $*"; }

ensure_creds() {
    if [[ ! -f "$CRED_FILE" ]]; then
        mkdir -p "$(dirname "$CRED_FILE")"
        read -rp "NAS user: " u
        read -rsp "NAS password: " p; echo
        printf 'username=%s\npassword=%s\ndomain=LAN\n' "$u" "$p" > "$CRED_FILE"
    fi
    chmod 600 "$CRED_FILE"
}

is_mounted() { findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1; }

attach() {
    if is_mounted; then
        info "$MOUNT_POINT already mounted"
        return 0
    fi
    sudo install -d -m 0755 "$MOUNT_POINT"
    local opts="credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0644,dir_mode=0755"
    local tries=0
    until sudo mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" -o "$opts"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && { info "mount failed after $tries tries"; return 1; }
        sleep 5
    done
    info "mounted $NAS_SHARE at $MOUNT_POINT"
}

detach() {
    (( STAY )) && return 0
    is_mounted && sudo umount "$MOUNT_POINT" && info "unmounted"
}

copy_demos() {
    local dest="$MOUNT_POINT/$(date +%Y-%m-%d)"
    mkdir -p "$dest"
    shopt -s nullglob
    local files=( $SRC_GLOB )
    if (( ${#files[@]} == 0 )); then
        info "no demos to copy"
        return 0
    fi
    rsync -a --ignore-existing --info=stats1 "${files[@]}" "$dest/"
    info "copied ${#files[@]} demos to $dest"
}

trap detach EXIT
ensure_creds
attach
copy_demos
