#!/usr/bin/env bash
# nas_media_mount.sh - attach the NAS media shares for the living-room Kodi box.
#
#   nas_media_mount.sh up      mount every share listed in media-shares.conf
#   nas_media_mount.sh down    unmount them again
#   nas_media_mount.sh status  show what is attached
#
# media-shares.conf (next to this script), one share per line:
#   //nas.lan/movies  /mnt/media/movies
#   //nas.lan/tv      /mnt/media/tv      vers=3.0

set -uo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
SHARES_FILE="${SHARES_FILE:-$HERE/media-shares.conf}"
CRED_FILE="${XDG_CONFIG_HOME:-$HOME/.config}/kodi-nas/credentials"
DEFAULT_OPTS="vers=3.0,iocharset=utf8,ro,noserverino"

info() { echo "[nas-mount] $*"; }
warn() { echo "[nas-mount] warning: $*" >&2; }

ensure_credentials() {
    [[ -s "$CRED_FILE" ]] && return 0
    mkdir -p "$(dirname "$CRED_FILE")"
    read -r -p "NAS user: " nas_user
    read -r -s -p "NAS password: " nas_pass; echo
    umask 077
    printf 'username=%s\npassword=%s\n' "$nas_user" "$nas_pass" > "$CRED_FILE"
    chmod 600 "$CRED_FILE"
    info "saved credentials to $CRED_FILE"
}

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

each_share() {
    [[ -f "$SHARES_FILE" ]] || { warn "no $SHARES_FILE"; return 1; }
    while read -r share target opts; do
        [[ -z "$share" || "$share" == \#* ]] && continue
        "$1" "$share" "$target" "${opts:-}"
    done < "$SHARES_FILE"
}

mount_share() {
    local share="$1" target="$2" extra="$3" opts
    if mountpoint -q "$target"; then
        info "$target already mounted"
        return 0
    fi
    opts="$DEFAULT_OPTS,credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g)"
    [[ -n "$extra" ]] && opts="$opts,$extra"
    as_root mkdir -p "$target"
    local tries=0
    until as_root mount -t cifs "$share" "$target" -o "$opts"; do
        tries=$((tries + 1))
        if (( tries >= 3 )); then
            warn "giving up on $share"
            return 1
        fi
        warn "mount of $share failed, NAS may be waking up; retry in $((tries * 10))s"
        sleep $((tries * 10))
    done
    info "mounted $share on $target"
}

umount_share() {
    local target="$2"
    if mountpoint -q "$target"; then
        as_root umount "$target" && info "unmounted $target"
    fi
}

status_share() {
    local share="$1" target="$2"
    if mountpoint -q "$target"; then
        printf '%-28s %-24s %s\n' "$share" "$target" "$(df -h --output=used,size "$target" | tail -n1)"
    else
        printf '%-28s %-24s %s\n' "$share" "$target" "not mounted"
    fi
}

case "${1:-up}" in
    up)
        ensure_credentials
        each_share mount_share
        ;;
    down)
        each_share umount_share
        ;;
    status)
        each_share status_share
        ;;
    *)
        sed -n '2,11p' "$0"
        exit 1
        ;;
esac
