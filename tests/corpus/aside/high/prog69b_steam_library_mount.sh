#!/usr/bin/env bash
# steam-library-mount: mount the second drive that holds a Steam library so
# Steam sees it before it starts, with options Proton is happy with.
#
#   steam-library-mount.sh [--label GAMES] [--mountpoint /mnt/games] [--launch]
#
# NTFS drives shared with Windows are mounted with ntfs3 and uid/gid set to
# the current user; ext4/btrfs drives are mounted with noatime.
set -o errexit -o nounset -o pipefail

LABEL="GAMES"
MOUNTPOINT="/mnt/games"
LAUNCH=0
STEAM_CFG="$HOME/.local/share/Steam/steamapps/libraryfolders.vdf"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --label) LABEL="$2"; shift 2 ;;
        --mountpoint) MOUNTPOINT="$2"; shift 2 ;;
        --launch) LAUNCH=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

note() { logger -t steam-library-mount -- "$*" 2>/dev/null || true; echo "$*"; }

find_device() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    if [[ -z "$dev" ]]; then
        dev="$(lsblk -rno PATH,LABEL | awk -v l="$LABEL" '$2 == l {print $1; exit}')"
    fi
    printf '%s' "$dev"
}

mount_opts_for() {
    local fstype="$1"
    case "$fstype" in
        ntfs|ntfs3)
            echo "ntfs3" "uid=$(id -u),gid=$(id -g),umask=022,windows_names,prealloc" ;;
        exfat)
            echo "exfat" "uid=$(id -u),gid=$(id -g),umask=022" ;;
        ext4|btrfs|xfs)
            echo "$fstype" "noatime,nofail" ;;
        *)
            return 1 ;;
    esac
}

do_mount() {
    local dev="$1" fstype opts
    if findmnt -rno TARGET "$dev" >/dev/null 2>&1; then
        note "$dev already mounted at $(findmnt -rno TARGET "$dev")"
        return 0
    fi
    fstype="$(lsblk -rno FSTYPE "$dev")"
    read -r fstype opts < <(mount_opts_for "$fstype") || { note "unsupported filesystem on $dev"; return 1; }

    [[ -d "$MOUNTPOINT" ]] || sudo mkdir -p "$MOUNTPOINT"
    note "mounting $dev ($fstype) on $MOUNTPOINT"
    if ! sudo mount -t "$fstype" -o "$opts" "$dev" "$MOUNTPOINT"; then
        if [[ "$fstype" == ntfs3 ]]; then
            note "ntfs3 refused (dirty volume?), trying ntfs-3g"
            sudo mount -t ntfs-3g -o "uid=$(id -u),gid=$(id -g),umask=022" "$dev" "$MOUNTPOINT"
        else
            return 1
        fi
    fi
    if [[ "$fstype" != ntfs3 && "$fstype" != exfat ]]; then
        sudo chown "$(id -u):$(id -g)" "$MOUNTPOINT"
    fi
}

check_library() {
    if [[ ! -d "$MOUNTPOINT/SteamLibrary/steamapps" ]]; then
        note "no SteamLibrary on $MOUNTPOINT yet; add it in Steam > Settings > Storage"
        return 0
    fi
    if [[ -f "$STEAM_CFG" ]] && ! grep -q "$MOUNTPOINT/SteamLibrary" "$STEAM_CFG"; then
        note "library exists but Steam does not know about it; add it in Settings > Storage"
    fi
    local games
    games="$(find "$MOUNTPOINT/SteamLibrary/steamapps" -maxdepth 1 -name 'appmanifest_*.acf' | wc -l)"
    note "$games game(s) on $MOUNTPOINT"
}

main() {
    local dev
    dev="$(find_device)"
    if [[ -z "$dev" ]]; then
        note "no partition labelled $LABEL found"
        exit 1
    fi
    do_mount "$dev"
    check_library
    if (( LAUNCH )); then
        note "starting Steam"
        exec steam "$@"
    fi
}

main
