#!/usr/bin/env bash
# pacs_share_mount.sh - attach the radiology NAS (DICOM archive from the
# DR plate and the dental X-ray unit) to an exam-room workstation so the
# viewer can open studies directly, and keep it attached across reboots.
#
#   ./pacs_share_mount.sh -s //10.12.0.40/dicom -u xray_ro [-m /mnt/pacs]
#
# The SMB password is asked for interactively, or taken from PACS_SMB_PASS.
set -o errexit -o nounset -o pipefail

SHARE=""
SMB_USER=""
MOUNTPOINT="/mnt/pacs"
CRED_FILE="/etc/vet-pacs.cred"
FSTAB="/etc/fstab"
SMB_VERS="3.0"
PERSIST=1

msg()  { echo "[pacs-mount] $*"; }
oops() { echo "[pacs-mount] ERROR: $*" >&2; exit 1; }

while getopts ":s:u:m:v:n" o; do
    case "$o" in
        s) SHARE="$OPTARG" ;;
        u) SMB_USER="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        v) SMB_VERS="$OPTARG" ;;
        n) PERSIST=0 ;;
        *) oops "usage: $0 -s //host/share -u user [-m mountpoint] [-v smbver] [-n]" ;;
    esac
done
[[ -n "$SHARE" && -n "$SMB_USER" ]] || oops "share (-s) and user (-u) are required"
[[ "$SHARE" =~ ^//[^/]+/.+ ]] || oops "share must look like //host/share"

command -v mount.cifs >/dev/null || oops "cifs-utils is not installed (apt install cifs-utils)"

host="${SHARE#//}"; host="${host%%/*}"
if ! timeout 5 bash -c "exec 3<>/dev/tcp/$host/445" 2>/dev/null; then
    oops "cannot reach $host on port 445 - is the NAS on and the VLAN right?"
fi

if [[ -z "${PACS_SMB_PASS:-}" ]]; then
    read -r -s -p "SMB password for $SMB_USER@$host: " PACS_SMB_PASS
    echo
fi

write_credentials() {
    msg "storing credentials in $CRED_FILE"
    printf 'username=%s\npassword=%s\n' "$SMB_USER" "$PACS_SMB_PASS" \
        | sudo tee "$CRED_FILE" >/dev/null
    sudo chown root:root "$CRED_FILE"
    sudo chmod 600 "$CRED_FILE"
}

prepare_mountpoint() {
    if [[ ! -d "$MOUNTPOINT" ]]; then
        sudo mkdir -p "$MOUNTPOINT"
        msg "created $MOUNTPOINT"
    fi
}

mount_opts() {
    local uid gid
    uid="$(id -u)"; gid="$(id -g)"
    echo "credentials=$CRED_FILE,vers=$SMB_VERS,uid=$uid,gid=$gid,ro,file_mode=0444,dir_mode=0555,_netdev,nofail"
}

do_mount() {
    if mountpoint -q "$MOUNTPOINT"; then
        msg "$MOUNTPOINT already mounted, remounting"
        sudo umount "$MOUNTPOINT"
    fi
    sudo mount -t cifs "$SHARE" "$MOUNTPOINT" -o "$(mount_opts)"
    msg "mounted $SHARE on $MOUNTPOINT"
}

persist_fstab() {
    local line
    line="$SHARE $MOUNTPOINT cifs $(mount_opts),x-systemd.automount 0 0"
    if grep -qsE "^[[:space:]]*${SHARE//\//\\/}[[:space:]]" "$FSTAB"; then
        msg "fstab already has an entry for $SHARE, replacing it"
        sudo sed -i.bak "\#^[[:space:]]*$SHARE[[:space:]]#d" "$FSTAB"
    fi
    echo "$line" | sudo tee -a "$FSTAB" >/dev/null
    sudo systemctl daemon-reload
    msg "added $SHARE to $FSTAB"
}

verify() {
    local n
    n=$(find "$MOUNTPOINT" -maxdepth 2 -iname '*.dcm' 2>/dev/null | head -n 50 | wc -l)
    msg "sample scan: $n DICOM files visible in the top two levels"
}

write_credentials
prepare_mountpoint
do_mount
(( PERSIST )) && persist_fstab
verify
unset PACS_SMB_PASS
msg "done"
