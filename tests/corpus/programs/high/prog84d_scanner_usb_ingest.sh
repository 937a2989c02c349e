#!/usr/bin/env bash
# scanner_usb_ingest.sh - pull audit logs off ballot-scanner media sticks at
# the warehouse check-in table.
#
# Each precinct scanner returns a USB stick labelled SCAN-<serial>.  For
# every stick plugged in, mount it read-only, copy the audit/event logs into
# ./scanner_logs/<serial>/, record SHA-256 hashes for the chain-of-custody
# sheet, then unmount so the stick can go back into its sealed bag.
#
# usage: scanner_usb_ingest.sh [-o outdir] [-l label-prefix] [-k]

set -euo pipefail

OUT="./scanner_logs"
PREFIX="SCAN-"
KEEP_MOUNTED=0
MNT_BASE="/mnt/scanner-media"
CUSTODY="./custody_hashes.tsv"
ELEVATE=${ELEVATE:-sudo}

log() { printf '%s [ingest] %s\n' "$(date +%T)" "$*"; }

while getopts ":o:l:k" opt; do
    case $opt in
        o) OUT=$OPTARG ;;
        l) PREFIX=$OPTARG ;;
        k) KEEP_MOUNTED=1 ;;
        *) echo "usage: $0 [-o outdir] [-l prefix] [-k]" >&2; exit 2 ;;
    esac
done

find_sticks() {
    # NAME LABEL pairs for partitions whose label starts with the prefix
    lsblk -rno NAME,LABEL,TYPE | awk -v p="$PREFIX" '$3 == "part" && index($2, p) == 1 { print $1, $2 }'
}

mount_stick() {
    local dev=$1 mnt=$2
    $ELEVATE mkdir -p "$mnt"
    if mountpoint -q "$mnt"; then
        log "$mnt already mounted"
        return 0
    fi
    $ELEVATE mount -o ro,noexec,nosuid,nodev "/dev/${dev}" "$mnt"
}

unmount_stick() {
    local mnt=$1
    sync
    $ELEVATE umount "$mnt" && $ELEVATE rmdir "$mnt" || log "could not unmount $mnt"
}

copy_logs() {
    local src=$1 dest=$2 serial=$3 n=0
    mkdir -p "$dest"
    while IFS= read -r -d '' f; do
        cp --preserve=timestamps "$f" "$dest/"
        printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$serial" \
            "$(basename "$f")" "$(sha256sum "$f" | cut -d' ' -f1)" >> "$CUSTODY"
        n=$((n + 1))
    done < <(find "$src" -maxdepth 3 -type f \( -iname '*.log' -o -iname '*.aud' -o -iname 'events*.csv' \) -print0)
    echo "$n"
}

main() {
    mkdir -p "$OUT"
    [[ -f $CUSTODY ]] || printf 'copied_at\tserial\tfile\tsha256\n' > "$CUSTODY"

    local found=0
    while read -r dev label; do
        [[ -n ${dev:-} ]] || continue
        found=$((found + 1))
        local serial=${label#"$PREFIX"}
        local mnt="${MNT_BASE}/${serial}"
        log "stick ${label} on /dev/${dev}"
        if ! mount_stick "$dev" "$mnt"; then
            log "mount failed for /dev/${dev}, skipping"
            continue
        fi
        local count
        count=$(copy_logs "$mnt" "${OUT}/${serial}" "$serial")
        log "copied ${count} files from ${label}"
        [[ $KEEP_MOUNTED -eq 1 ]] || unmount_stick "$mnt"
    done < <(find_sticks)

    if [[ $found -eq 0 ]]; then
        log "no sticks with label prefix ${PREFIX} found"
        exit 1
    fi
    log "processed ${found} stick(s); hashes in ${CUSTODY}"
}

main
