#!/usr/bin/env bash
# records_nas_backup.sh - copy the nightly animal records exports to the curatorial NAS
#
# The records PC writes exports/<date>/*.csv (husbandry notes, weights, medical
# summaries, transfers).  Curators keep a 7-year archive on the NAS share
# //curator-nas/records.  This mounts the share, copies anything not yet
# archived, checks the copy with sha256 manifests and unmounts again.
#
# Settings come from records_backup.env in the current directory.

set -Eeuo pipefail

ENV_FILE="${RECORDS_BACKUP_ENV:-./records_backup.env}"
NAS_SHARE="//curator-nas/records"
MOUNT_POINT="/mnt/curator_records"
CRED_FILE="$HOME/.config/records-backup/nas.cred"
EXPORT_ROOT="./exports"
KEEP_LOCAL_DAYS=14

logf() { printf '%(%F %T)T %s\n' -1 "$*"; }

if [[ -f "$ENV_FILE" ]]; then
    while IFS='=' read -r k v; do
        [[ -z "$k" || "$k" == \#* ]] && continue
        case "$k" in
            NAS_SHARE|MOUNT_POINT|CRED_FILE|EXPORT_ROOT|KEEP_LOCAL_DAYS) printf -v "$k" '%s' "$v" ;;
            *) logf "ignoring unknown setting $k" ;;
        esac
    done < "$ENV_FILE"
fi

MOUNTED_BY_US=0

cleanup() {
    if [[ "$MOUNTED_BY_US" -eq 1 ]]; then
        sync
        sudo umount "$MOUNT_POINT" && logf "unmounted $MOUNT_POINT" || logf "umount failed"
    fi
}
trap cleanup EXIT

mount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        logf "$MOUNT_POINT already mounted"
        return
    fi
    [[ -r "$CRED_FILE" ]] || { logf "credentials file $CRED_FILE missing"; exit 1; }
    sudo mkdir -p "$MOUNT_POINT"
    local opts="credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750"
    local attempt
    for attempt in 1 2 3; do
        if sudo mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" -o "$opts"; then
            MOUNTED_BY_US=1
            logf "mounted $NAS_SHARE"
            return
        fi
        logf "mount attempt $attempt failed"
        sleep $((attempt * 10))
    done
    logf "could not mount $NAS_SHARE"
    exit 1
}

archive_day() {
    local day_dir="$1" day
    day="$(basename "$day_dir")"
    local dest="$MOUNT_POINT/${day:0:4}/$day"
    if [[ -f "$dest/SHA256SUMS" ]]; then
        return 1
    fi
    mkdir -p "$dest"
    cp -p "$day_dir"/*.csv "$dest/"
    (cd "$day_dir" && sha256sum -- *.csv) > "$day_dir/SHA256SUMS"
    cp "$day_dir/SHA256SUMS" "$dest/SHA256SUMS.pending"
    if (cd "$dest" && sha256sum --quiet -c SHA256SUMS.pending); then
        mv "$dest/SHA256SUMS.pending" "$dest/SHA256SUMS"
        logf "archived $day"
        return 0
    fi
    logf "verification failed for $day"
    rm -f "$dest/SHA256SUMS.pending"
    return 2
}

prune_local() {
    find "$EXPORT_ROOT" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_LOCAL_DAYS" -print |
    while read -r d; do
        if [[ -f "$MOUNT_POINT/$(basename "$d" | cut -c1-4)/$(basename "$d")/SHA256SUMS" ]]; then
            rm -rf -- "$d"
            logf "pruned local copy $(basename "$d")"
        fi
    done
}

main() {
    [[ -d "$EXPORT_ROOT" ]] || { logf "no exports at $EXPORT_ROOT"; exit 0; }
    mount_share
    local done_count=0 rc
    for d in "$EXPORT_ROOT"/*/; do
        [[ -d "$d" ]] || continue
        rc=0
        archive_day "${d%/}" || rc=$?
        [[ "$rc" -eq 0 ]] && done_count=$((done_count + 1))
        [[ "$rc" -eq 2 ]] && exit 2
    done
    logf "$done_count day(s) archived"
    prune_local
}

main "$@"
