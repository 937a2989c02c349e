#!/usr/bin/env bash
# core_archive_mount.sh - mount the core-photo and scanned-log NFS exports
# read-only on a processing workstation, list what is there, and unmount
# them again with -u.
set -euo pipefail

SHARES="${SHARES:-192.0.2.40:/export/core_photos:/mnt/core_photos,192.0.2.41:/export/scanned_logs:/mnt/scanned_logs}"
NFS_OPTS="${NFS_OPTS:-ro,vers=4.1,soft,timeo=50}"
UNMOUNT=0
LIST=1
INDEX_FILE="./core_archive_index.tsv"

log() { printf '[core-mount] %s\n' "$*" >&2; }

usage() {
    cat >&2 <<EOF
usage: $0 [-u] [-q] [-o nfs_opts]
  -u   unmount the shares instead of mounting them
  -q   do not build the file index after mounting
  -o   NFS mount options (default $NFS_OPTS)
Shares come from SHARES="host:/export:/mountpoint,..."
EOF
    exit 2
}

while getopts ":uqo:h" opt; do
    case "$opt" in
        u) UNMOUNT=1 ;;
        q) LIST=0 ;;
        o) NFS_OPTS="$OPTARG" ;;
        *) usage ;;
    esac
done

# Parse and sanity-check the share list in Python; emit "src<TAB>mountpoint".
parse_shares() {
    SHARES="$SHARES" python3 - <<'PY'
import ipaddress, os, sys
ok = 0
for spec in filter(None, (s.strip() for s in os.environ["SHARES"].split(","))):
    try:
        host, export, mnt = spec.split(":", 2)
        ipaddress.ip_address(host)
    except ValueError:
        print(f"bad share spec: {spec}", file=sys.stderr)
        continue
    if not (export.startswith("/") and mnt.startswith("/mnt/")):
        print(f"refusing share outside /mnt: {spec}", file=sys.stderr)
        continue
    print(f"{host}:{export}\t{mnt}")
    ok += 1
sys.exit(0 if ok else 1)
PY
}

mount_one() {
    local src="$1" mnt="$2"
    if mountpoint -q "$mnt" 2>/dev/null; then
        log "$mnt already mounted"
        return 0
    fi
    sudo mkdir -p "$mnt"
    if sudo mount -t nfs -o "$NFS_OPTS" "$src" "$mnt"; then
        log "mounted $src on $mnt"
    else
        log "mount of $src failed"
        return 1
    fi
}

unmount_one() {
    local mnt="$1"
    if mountpoint -q "$mnt" 2>/dev/null; then
        sudo umount "$mnt" && log "unmounted $mnt"
    else
        log "$mnt not mounted"
    fi
}

build_index() {
    local mnt="$1"
    find "$mnt" -maxdepth 3 -type f \( -iname '*.jpg' -o -iname '*.tif' -o -iname '*.las' \) \
        -printf '%p\t%s\t%TY-%Tm-%Td\n' 2>/dev/null >> "$INDEX_FILE" || true
}

main() {
    local table src mnt failures=0
    table=$(parse_shares) || { log "no valid shares"; exit 1; }
    if (( LIST && ! UNMOUNT )); then
        : > "$INDEX_FILE"
    fi
    while IFS=$'\t' read -r src mnt; do
        if (( UNMOUNT )); then
            unmount_one "$mnt"
            continue
        fi
        if mount_one "$src" "$mnt"; then
            (( LIST )) && build_index "$mnt"
        else
            failures=$((failures + 1))
        fi
    done <<< "$table"
    if (( LIST && ! UNMOUNT )); then
        log "index: $(wc -l < "$INDEX_FILE") files in $INDEX_FILE"
    fi
    exit "$failures"
}

main
