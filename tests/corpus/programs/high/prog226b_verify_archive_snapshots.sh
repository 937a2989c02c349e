#!/usr/bin/env bash
# verify_archive_snapshots.sh - mount the seed bank archive share read-only and
# verify the nightly germplasm database snapshots against the local manifest.
set -uo pipefail

NAS="${ARCHIVE_NAS:-198.51.100.20}"
EXPORT="${ARCHIVE_EXPORT:-/export/seedbank}"
MOUNTPOINT="${ARCHIVE_MOUNT:-/mnt/seedbank_archive}"
MANIFEST="${MANIFEST:-./snapshot_manifest.sha256}"
DAYS="${DAYS:-7}"
REPORT="${REPORT:-./snapshot_verify_$(date +%Y%m%d).txt}"
WE_MOUNTED=0

log() { echo "$(date '+%F %T') $*" | tee -a "$REPORT" >&2; }

cleanup() {
    if (( WE_MOUNTED )); then
        log "unmounting $MOUNTPOINT"
        sudo umount "$MOUNTPOINT" || log "umount failed"
    fi
}
trap cleanup EXIT

while getopts "d:m:" opt; do
    case "$opt" in
        d) DAYS="$OPTARG" ;;
        m) MANIFEST="$OPTARG" ;;
        *) echo "usage: $0 [-d days] [-m manifest]" >&2; exit 2 ;;
    esac
done

[[ -f "$MANIFEST" ]] || { echo "manifest $MANIFEST missing" >&2; exit 1; }
: >"$REPORT"

mount_share() {
    if mountpoint -q "$MOUNTPOINT"; then
        log "$MOUNTPOINT already mounted"
        return 0
    fi
    sudo mkdir -p "$MOUNTPOINT"
    log "mounting $NAS:$EXPORT on $MOUNTPOINT (read-only)"
    if sudo mount -t nfs -o ro,nosuid,nodev,noexec,vers=4.2 "$NAS:$EXPORT" "$MOUNTPOINT"; then
        WE_MOUNTED=1
    else
        log "mount failed"
        return 1
    fi
}

verify_snapshots() {
    local snaps
    snaps="$(find "$MOUNTPOINT/snapshots" -maxdepth 1 -name 'germplasm_*.sqlite.gz' -mtime -"$DAYS" 2>/dev/null | sort)"
    if [[ -z "$snaps" ]]; then
        log "no snapshots younger than $DAYS days"
        return 1
    fi
    SNAPS="$snaps" MANIFEST="$MANIFEST" python3 - <<'PYEOF' | tee -a "$REPORT"
import hashlib
import os
import sys

expected = {}
with open(os.environ["MANIFEST"]) as fh:
    for line in fh:
        parts = line.split()
        if len(parts) == 2:
            expected[os.path.basename(parts[1])] = parts[0]

bad = 0
for path in os.environ["SNAPS"].splitlines():
    name = os.path.basename(path)
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    want = expected.get(name)
    if want is None:
        print(f"UNLISTED {name}")
    elif want != h.hexdigest():
        print(f"MISMATCH {name}")
        bad += 1
    else:
        print(f"OK       {name}")
sys.exit(1 if bad else 0)
PYEOF
}

mount_share || exit 1
if verify_snapshots; then
    log "all recent snapshots verified"
    exit 0
fi
log "snapshot verification found problems, see $REPORT"
exit 1
