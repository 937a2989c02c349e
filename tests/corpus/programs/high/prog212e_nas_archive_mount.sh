#!/usr/bin/env bash
# Move finished weddings to the studio NAS archive.
# Mounts the NAS export, copies every wedding folder older than the cutoff,
# verifies the copy, and unmounts again.
set -euo pipefail

NAS_EXPORT="${NAS_EXPORT:-nas.example.com:/volume1/archive}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/studio-archive}"
WEDDINGS_DIR="${WEDDINGS_DIR:-$HOME/Pictures/Weddings}"
CUTOFF_DAYS="${CUTOFF_DAYS:-90}"
DRY_RUN=0
REPORT="$PWD/archive-run-$(date +%Y%m%d).log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$REPORT" >&2; }

usage() {
    echo "usage: $0 [-n] [-d cutoff_days] [-e nas_export] [-m mount_point]"
}

while getopts ":nd:e:m:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) CUTOFF_DAYS="$OPTARG" ;;
        e) NAS_EXPORT="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

mounted_here=0

mount_nas() {
    if findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1; then
        log "archive already mounted at $MOUNT_POINT"
        return 0
    fi
    log "mounting $NAS_EXPORT at $MOUNT_POINT"
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -t nfs -o rw,hard,timeo=600,vers=4.1 "$NAS_EXPORT" "$MOUNT_POINT"
    mounted_here=1
}

unmount_nas() {
    if [ "$mounted_here" -eq 1 ]; then
        sync
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}
trap unmount_nas EXIT

# Python decides which weddings are old enough; the shoot date is taken from
# the folder name (YYYY-MM-DD_Couple) and falls back to the folder mtime.
candidates() {
    SRC="$WEDDINGS_DIR" DAYS="$CUTOFF_DAYS" python3 - <<'PY'
import datetime as dt, os, re
src = os.environ["SRC"]
cutoff = dt.date.today() - dt.timedelta(days=int(os.environ["DAYS"]))
for name in sorted(os.listdir(src)):
    path = os.path.join(src, name)
    if not os.path.isdir(path):
        continue
    m = re.match(r"(\d{4})-(\d{2})-(\d{2})_", name)
    if m:
        shoot = dt.date(*map(int, m.groups()))
    else:
        shoot = dt.date.fromtimestamp(os.path.getmtime(path))
    if shoot <= cutoff:
        print(name)
PY
}

archive_one() {
    local name="$1" dest="$MOUNT_POINT/$(echo "$1" | cut -c1-4)"
    mkdir -p "$dest"
    rsync -a --checksum "$WEDDINGS_DIR/$name/" "$dest/$name/"
    local src_count dst_count
    src_count="$(find "$WEDDINGS_DIR/$name" -type f | wc -l)"
    dst_count="$(find "$dest/$name" -type f | wc -l)"
    if [ "$src_count" -ne "$dst_count" ]; then
        log "verify failed for $name ($src_count vs $dst_count files)"
        return 1
    fi
    log "archived $name ($src_count files)"
}

[ -d "$WEDDINGS_DIR" ] || { log "missing $WEDDINGS_DIR"; exit 2; }

mapfile -t todo < <(candidates)
if [ "${#todo[@]}" -eq 0 ]; then
    log "nothing older than $CUTOFF_DAYS days"
    exit 0
fi

if [ "$DRY_RUN" -eq 1 ]; then
    printf 'would archive: %s\n' "${todo[@]}"
    exit 0
fi

mount_nas
failed=0
for name in "${todo[@]}"; do
    archive_one "$name" || failed=$((failed + 1))
done
log "done: ${#todo[@]} candidates, $failed failed"
[ "$failed" -eq 0 ]
