#!/bin/sh
# podcast_nas_mount.sh - attach the office NAS "podcast-masters" share to the
# edit workstation so Reaper/Audacity projects can save straight to it.
#
# Idempotent: checks whether the share is already mounted, adds a
# single fstab line (noauto,x-systemd.automount) so it comes back on demand.
#
#   NAS=//nas.studio.lan/podcast-masters ./podcast_nas_mount.sh
#
# Credentials live in a root-only file (default /etc/samba/podcast-nas.cred,
# created by the station engineer).

set -eu

NAS=${NAS:-//nas.studio.lan/podcast-masters}
MOUNTPOINT=${MOUNTPOINT:-/srv/podcast-masters}
CRED_FILE=${CRED_FILE:-/etc/samba/podcast-nas.cred}
EDIT_USER=${EDIT_USER:-$(id -un)}
SMB_VERS=${SMB_VERS:-3.0}
FSTAB=/etc/fstab

info() { echo "[nas-mount] $*"; }
die() { echo "[nas-mount] ERROR: $*" >&2; exit 1; }

priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -p "[nas-mount] password for %u to attach the NAS: " "$@"
    fi
}

command -v mount.cifs >/dev/null 2>&1 || die "cifs-utils not installed (apt install cifs-utils)"

uid=$(id -u "$EDIT_USER") || die "no such user $EDIT_USER"
gid=$(id -g "$EDIT_USER")
opts="credentials=$CRED_FILE,uid=$uid,gid=$gid,file_mode=0664,dir_mode=0775,vers=$SMB_VERS,iocharset=utf8"

if ! priv test -r "$CRED_FILE"; then
    die "credentials file $CRED_FILE missing; ask the engineer"
fi

if mountpoint -q "$MOUNTPOINT" 2>/dev/null; then
    info "$MOUNTPOINT already mounted"
else
    [ -d "$MOUNTPOINT" ] || priv mkdir -p "$MOUNTPOINT"
    info "mounting $NAS on $MOUNTPOINT"
    tries=0
    until priv mount -t cifs "$NAS" "$MOUNTPOINT" -o "$opts"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && die "mount failed 3 times; is the NAS awake?"
        info "mount failed, retrying in 10s"
        sleep 10
    done
fi

line="$NAS $MOUNTPOINT cifs $opts,noauto,x-systemd.automount,_netdev 0 0"
if grep -qsF "$NAS $MOUNTPOINT " "$FSTAB"; then
    info "fstab already has an entry for $NAS"
else
    info "adding fstab entry"
    priv cp "$FSTAB" "$FSTAB.podcast-nas.bak"
    printf '# podcast masters share (podcast_nas_mount.sh)\n%s\n' "$line" | priv tee -a "$FSTAB" >/dev/null
    priv systemctl daemon-reload
fi

df -h "$MOUNTPOINT" | tail -n1
info "ready: save projects under $MOUNTPOINT"
