#!/usr/bin/env bash
# pass-to-ramdisk: decrypt a subtree of the password store for a migration.
#
# When moving a team folder from `pass` into the new vault we need the
# cleartext for a short time. It must never touch a disk, so this script
# mounts a small tmpfs, decrypts the chosen subtree into it as a CSV that the
# importer reads locally, waits for the operator, then shreds and unmounts.
set -euo pipefail

STORE="${PASSWORD_STORE_DIR:-$HOME/.password-store}"
SUBTREE="${1:-}"
MOUNTPOINT="${RAMDISK:-$HOME/.cache/pass-ramdisk}"
SIZE="${RAMDISK_SIZE:-16m}"

log() { echo "[pass-ramdisk] $*" >&2; }

if [[ -z "$SUBTREE" || ! -d "$STORE/$SUBTREE" ]]; then
    log "usage: $0 <subtree>   (a directory inside $STORE)"
    exit 2
fi

cleanup() {
    local rc=$?
    if mountpoint -q "$MOUNTPOINT"; then
        find "$MOUNTPOINT" -type f -exec shred -u {} + 2>/dev/null || true
        sudo umount "$MOUNTPOINT" || log "umount failed, check manually"
    fi
    rmdir "$MOUNTPOINT" 2>/dev/null || true
    exit "$rc"
}
trap cleanup EXIT INT TERM

mount_ramdisk() {
    mkdir -p "$MOUNTPOINT"
    if mountpoint -q "$MOUNTPOINT"; then
        log "$MOUNTPOINT already mounted"
        return
    fi
    sudo mount -t tmpfs -o "size=${SIZE},mode=0700,uid=$(id -u),gid=$(id -g),noexec,nosuid,nodev" \
        tmpfs "$MOUNTPOINT"
    log "tmpfs mounted at $MOUNTPOINT ($SIZE)"
}

csv_escape() { local s=${1//\"/\"\"}; printf '"%s"' "$s"; }

export_subtree() {
    local out="$MOUNTPOINT/export.csv" count=0 entry name secret user
    printf 'name,username,password\n' > "$out"
    while IFS= read -r -d '' entry; do
        name="${entry#"$STORE"/}"
        name="${name%.gpg}"
        secret=$(pass show "$name" 2>/dev/null) || { log "skip $name (decrypt failed)"; continue; }
        user=$(printf '%s\n' "$secret" | sed -n 's/^\(login\|user\|username\): *//Ip' | head -n1)
        printf '%s,%s,%s\n' "$(csv_escape "$name")" "$(csv_escape "$user")" \
            "$(csv_escape "$(printf '%s\n' "$secret" | head -n1)")" >> "$out"
        count=$((count + 1))
    done < <(find "$STORE/$SUBTREE" -type f -name '*.gpg' -print0 | sort -z)
    log "$count entries decrypted into $out"
}

mount_ramdisk
export_subtree
read -r -p "Run the importer against $MOUNTPOINT/export.csv, then press Enter to wipe... " _
log "wiping"
