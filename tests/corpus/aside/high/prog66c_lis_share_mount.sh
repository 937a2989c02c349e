#!/usr/bin/env bash
# Pull the nightly LIS extract files off the lab server's SMB share.
#
# The LIS writes daily CSV/HL7 extracts to \\lis01\exports.  This script
# mounts that share read-only, copies anything new into ./lis_exports,
# records checksums, and unmounts again.
#
#   lis_share_mount.sh [--keep-mounted] [--since YYYY-MM-DD]
#
# Reads ./lis-share.conf:
#   SHARE=//lis01.lab.local/exports
#   SMB_USER=svc_extract
#   SMB_DOMAIN=LAB
#   CRED_FILE=./.lis-smb.cred   (username=/password=/domain= lines)

set -o errexit -o nounset -o pipefail

CONF=./lis-share.conf
MOUNT_POINT="/mnt/lis_exports"
DEST=./lis_exports
KEEP=0
SINCE=""

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-mounted) KEEP=1 ;;
        --since) SINCE="$2"; shift ;;
        --conf) CONF="$2"; shift ;;
        *) echo "usage: $0 [--keep-mounted] [--since DATE] [--conf FILE]" >&2; exit 2 ;;
    esac
    shift
done

# shellcheck source=/dev/null
source "$CONF"
CRED_FILE="${CRED_FILE:-./.lis-smb.cred}"

say() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }

pick_elevator() {
    local tool
    for tool in doas sudo; do
        if command -v "$tool" >/dev/null 2>&1; then
            echo "$tool"
            return
        fi
    done
    echo ""
}

ELEVATE="$(pick_elevator)"
[[ $EUID -eq 0 ]] && ELEVATE=""
run_root() { ${ELEVATE:+$ELEVATE} "$@"; }

[[ -f "$CRED_FILE" ]] || { say "credentials file $CRED_FILE missing"; exit 1; }
chmod 600 "$CRED_FILE"

mount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        say "share already mounted at $MOUNT_POINT"
        return
    fi
    run_root mkdir -p "$MOUNT_POINT"
    local opts="ro,credentials=$(realpath "$CRED_FILE"),uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0440"
    say "mounting $SHARE"
    run_root mount -t cifs "$SHARE" "$MOUNT_POINT" -o "$opts"
}

unmount_share() {
    if [[ $KEEP -eq 0 ]] && mountpoint -q "$MOUNT_POINT"; then
        run_root umount "$MOUNT_POINT" && say "unmounted $MOUNT_POINT"
    fi
}
trap unmount_share EXIT

copy_new() {
    mkdir -p "$DEST"
    local find_args=(-type f \( -name '*.csv' -o -name '*.hl7' \))
    if [[ -n "$SINCE" ]]; then
        find_args+=(-newermt "$SINCE")
    fi
    local n=0 f rel
    while IFS= read -r -d '' f; do
        rel="${f#"$MOUNT_POINT"/}"
        if [[ -f "$DEST/$rel" ]] && cmp -s "$f" "$DEST/$rel"; then
            continue
        fi
        mkdir -p "$DEST/$(dirname "$rel")"
        cp --preserve=timestamps "$f" "$DEST/$rel"
        n=$((n + 1))
    done < <(find "$MOUNT_POINT" "${find_args[@]}" -print0)
    say "copied $n new file(s)"
}

checksum_manifest() {
    (cd "$DEST" && find . -type f ! -name MANIFEST.sha256 -print0 | sort -z \
        | xargs -0 -r sha256sum > MANIFEST.sha256)
    say "manifest: $(wc -l < "$DEST/MANIFEST.sha256") entries"
}

mount_share
copy_new
checksum_manifest
