#!/usr/bin/env bash
# Import a second shooter's delivery (a .tar or .tar.gz they upload to the
# studio share) into the wedding job folder. Frames are renamed with the
# shooter's initials so they sort next to the lead photographer's frames.
set -euo pipefail

ARCHIVE="${1:-}"
JOB_DIR="${2:-}"
INITIALS="${INITIALS:-SS}"
LOG_FILE="${LOG_FILE:-$PWD/second-shooter-import.log}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

if [ -z "$ARCHIVE" ] || [ -z "$JOB_DIR" ]; then
    echo "usage: INITIALS=AB $0 ARCHIVE.tar[.gz] JOB_DIR" >&2
    exit 64
fi
[ -f "$ARCHIVE" ] || { log "archive not found: $ARCHIVE"; exit 2; }
mkdir -p "$JOB_DIR/second-shooter"

STAGE="$(mktemp -d /tmp/ss-import.XXXXXX)"
cleanup() { rm -rf "$STAGE"; }
trap cleanup EXIT

# Python unpacks the archive (handles .tar, .tar.gz, .tar.bz2 alike) and
# prints how many members it contained.
unpack() {
    ARCHIVE_PATH="$ARCHIVE" DEST="$STAGE" python3 - <<'PY'
import os, sys, tarfile
path, dest = os.environ["ARCHIVE_PATH"], os.environ["DEST"]
try:
    with tarfile.open(path, "r:*") as tar:
        members = tar.getmembers()
        tar.extractall(dest)
except (tarfile.TarError, OSError) as exc:
    print("unpack failed: %s" % exc, file=sys.stderr)
    sys.exit(1)
print(len(members))
PY
}

rename_and_move() {
    local src name ext stem target moved=0 skipped=0
    while IFS= read -r -d '' src; do
        name="$(basename "$src")"
        ext="${name##*.}"
        stem="${name%.*}"
        case "${ext,,}" in
            cr3|cr2|nef|arw|raf|dng|jpg|jpeg) ;;
            *) skipped=$((skipped + 1)); continue ;;
        esac
        target="$JOB_DIR/second-shooter/${INITIALS}_${stem}.${ext}"
        if [ -e "$target" ]; then
            skipped=$((skipped + 1))
            continue
        fi
        mv -- "$src" "$target"
        moved=$((moved + 1))
    done < <(find "$STAGE" -type f -print0)
    log "moved $moved frames, skipped $skipped files"
}

summary() {
    local n
    n="$(find "$JOB_DIR/second-shooter" -type f | wc -l)"
    log "job now has $n second-shooter frames"
}

log "importing $ARCHIVE for $INITIALS into $JOB_DIR"
members="$(unpack)" || { log "could not unpack $ARCHIVE"; exit 3; }
log "archive held $members members"
rename_and_move
summary
