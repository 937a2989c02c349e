#!/bin/sh
# Load tonight's music and announcements from the USB stick the show
# manager hands over, and restart the ride PA player so it picks them up.

set -eu

LABEL="${MEDIA_LABEL:-SHOWMEDIA}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/showmedia}"
PLAYER_UNIT="${PLAYER_UNIT:-ride-pa-player.service}"
PLAYLIST_DIR="${PLAYLIST_DIR:-./playlists}"

msg() { echo "show-media: $*"; }

find_device() {
    dev=$(blkid -L "$LABEL" 2>/dev/null || true)
    if [ -z "$dev" ]; then
        for d in /dev/sd[b-z]1; do
            [ -b "$d" ] || continue
            if [ "$(blkid -s LABEL -o value "$d" 2>/dev/null)" = "$LABEL" ]; then
                dev="$d"
                break
            fi
        done
    fi
    echo "$dev"
}

mount_media() {
    dev="$1"
    if mountpoint -q "$MOUNT_POINT"; then
        msg "already mounted at $MOUNT_POINT"
        return 0
    fi
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -o ro,nosuid,nodev,noexec "$dev" "$MOUNT_POINT"
    msg "mounted $dev on $MOUNT_POINT"
}

build_playlists() {
    mkdir -p "$PLAYLIST_DIR"
    for section in music announcements jingles; do
        src="$MOUNT_POINT/$section"
        out="$PLAYLIST_DIR/$section.m3u"
        if [ -d "$src" ]; then
            find "$src" -type f \( -name '*.mp3' -o -name '*.ogg' -o -name '*.wav' \) | sort > "$out"
            msg "$section: $(wc -l < "$out") tracks"
        else
            : > "$out"
            msg "$section: none on stick"
        fi
    done
}

restart_player() {
    if systemctl list-unit-files "$PLAYER_UNIT" >/dev/null 2>&1; then
        sudo systemctl restart "$PLAYER_UNIT"
        sleep 2
        if systemctl is-active --quiet "$PLAYER_UNIT"; then
            msg "$PLAYER_UNIT running"
        else
            msg "$PLAYER_UNIT failed to start; check journalctl -u $PLAYER_UNIT"
            return 1
        fi
    else
        msg "$PLAYER_UNIT not installed on this box"
    fi
}

unmount_media() {
    if mountpoint -q "$MOUNT_POINT"; then
        sudo umount "$MOUNT_POINT"
        msg "unmounted $MOUNT_POINT"
    fi
}

main() {
    case "${1:-load}" in
        load)
            dev=$(find_device)
            if [ -z "$dev" ]; then
                msg "no stick labelled $LABEL found"
                exit 1
            fi
            mount_media "$dev"
            build_playlists
            restart_player
            ;;
        eject)
            unmount_media
            ;;
        *)
            echo "usage: $0 [load|eject]" >&2
            exit 2
            ;;
    esac
}

main "$@"
