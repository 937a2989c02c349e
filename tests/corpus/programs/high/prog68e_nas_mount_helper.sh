#!/usr/bin/env bash
# nas_mount_helper.sh - mount the office NAS shares on this PC at boot
#
# Reads shares from nas_shares.txt (one "share mountpoint" per line), stores
# the NAS login in a root-only credentials file, adds fstab entries and mounts
# everything. Can be re-run: existing fstab entries are left alone.
#
# Usage: nas_mount_helper.sh [-H nas.local] [-u user] [-f nas_shares.txt]

set -euo pipefail

NAS_HOST="nas.local"
NAS_USER="office"
LIST="./nas_shares.txt"
CRED_FILE="/etc/samba/nas-office.cred"
FSTAB="/etc/fstab"

while getopts ":H:u:f:h" o; do
    case "$o" in
        H) NAS_HOST="$OPTARG" ;;
        u) NAS_USER="$OPTARG" ;;
        f) LIST="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 1 ;;
    esac
done

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

[[ -r "$LIST" ]] || { warn "no share list at $LIST"; exit 1; }
command -v mount.cifs >/dev/null || { warn "cifs-utils not installed"; exit 1; }

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

write_credentials() {
    if $SUDO test -s "$CRED_FILE"; then
        say "credentials already stored in $CRED_FILE"
        return
    fi
    local pw
    read -r -s -p "Password for $NAS_USER@$NAS_HOST: " pw; echo
    $SUDO install -d -m 0700 "$(dirname "$CRED_FILE")"
    printf 'username=%s\npassword=%s\n' "$NAS_USER" "$pw" \
        | $SUDO tee "$CRED_FILE" >/dev/null
    $SUDO chmod 0600 "$CRED_FILE"
    $SUDO chown root:root "$CRED_FILE"
    unset pw
}

fstab_line() {
    local share="$1" mnt="$2"
    printf '//%s/%s %s cifs credentials=%s,uid=%d,gid=%d,iocharset=utf8,vers=3.0,_netdev,nofail,x-systemd.automount 0 0\n' \
        "$NAS_HOST" "$share" "$mnt" "$CRED_FILE" "$(id -u)" "$(id -g)"
}

add_share() {
    local share="$1" mnt="$2"
    $SUDO mkdir -p "$mnt"
    if grep -qsE "^//$NAS_HOST/$share[[:space:]]" "$FSTAB"; then
        say "fstab already has //$NAS_HOST/$share"
    else
        $SUDO cp -a "$FSTAB" "$FSTAB.bak.$(date +%s)"
        fstab_line "$share" "$mnt" | $SUDO tee -a "$FSTAB" >/dev/null
        say "added //$NAS_HOST/$share -> $mnt"
    fi
    if mountpoint -q "$mnt"; then
        say "$mnt already mounted"
    else
        $SUDO mount "$mnt" || warn "could not mount $mnt (check the NAS is on)"
    fi
}

say "NAS: $NAS_HOST as $NAS_USER"
ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1 || warn "$NAS_HOST not answering ping"
write_credentials

count=0
while read -r share mnt _; do
    [[ -z "${share:-}" || "$share" == \#* ]] && continue
    add_share "$share" "${mnt:-/mnt/nas/$share}"
    count=$((count + 1))
done < "$LIST"

$SUDO systemctl daemon-reload
say "$count share(s) configured"
df -h -t cifs 2>/dev/null || true
