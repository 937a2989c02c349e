#!/usr/bin/env bash
# seq_share_mount.sh - attach the NovaSeq/NextSeq output shares to this
# analysis node so bcl-convert can read run folders in place.
#
# Reads instruments from sequencers.tsv (name, //host/share, domain):
#   novaseq01   //nvs01.lab.local/Output    LAB
#
# Usage: seq_share_mount.sh [-f sequencers.tsv] [-u user] [--unmount]
set -euo pipefail

TABLE="./sequencers.tsv"
SMB_USER="${SEQ_SMB_USER:-svc_seqread}"
MOUNT_BASE="/mnt/sequencers"
CRED_FILE="${HOME}/.config/seqshare/smb.cred"
ACTION="mount"

usage() { sed -n '2,9p' "$0"; }
log() { echo "[seq-mount] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f) TABLE="$2"; shift 2 ;;
        -u) SMB_USER="$2"; shift 2 ;;
        --unmount) ACTION="umount"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$TABLE" ]] || { log "cannot read $TABLE"; exit 1; }

write_credentials() {
    local domain="$1"
    mkdir -p "$(dirname "$CRED_FILE")"
    if [[ ! -s "$CRED_FILE" ]]; then
        read -rsp "SMB password for ${domain}\\${SMB_USER}: " pw; echo
        umask 077
        printf 'username=%s\npassword=%s\ndomain=%s\n' "$SMB_USER" "$pw" "$domain" > "$CRED_FILE"
        unset pw
    fi
    chmod 600 "$CRED_FILE"
}

elevate() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

mount_share() {
    local name="$1" unc="$2" domain="$3" target="${MOUNT_BASE}/$1"
    if mountpoint -q "$target" 2>/dev/null; then
        log "$name already mounted at $target"
        return 0
    fi
    write_credentials "$domain"
    elevate mkdir -p "$target"
    local opts="credentials=${CRED_FILE},uid=$(id -u),gid=$(id -g),ro,vers=3.0,file_mode=0444,dir_mode=0555"
    if elevate mount -t cifs "$unc" "$target" -o "$opts"; then
        log "mounted $unc -> $target"
    else
        log "failed to mount $unc"
        return 1
    fi
}

unmount_share() {
    local target="${MOUNT_BASE}/$1"
    if mountpoint -q "$target" 2>/dev/null; then
        elevate umount "$target" && log "unmounted $target"
    fi
}

rc=0
while IFS=$'\t ' read -r name unc domain; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    if [[ "$ACTION" == "mount" ]]; then
        mount_share "$name" "$unc" "${domain:-WORKGROUP}" || rc=1
    else
        unmount_share "$name" || rc=1
    fi
done < "$TABLE"

exit $rc
