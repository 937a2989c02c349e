#!/usr/bin/env bash
# rotate_raw_archives.sh - compress and archive raw logger files in the
# station data workspace, keep a SHA-256 manifest, and clear our own scratch
# files. Everything happens under the workspace given with -d (default: .).
#
# Layout expected:
#   raw/<station>/*.dat      raw TOA5 files pulled from the loggers
#   archive/<station>/       compressed files older than the retention window
#   cache/                   scratch files this script and the plotters make
set -euo pipefail

WORKDIR="."
KEEP_DAYS=7
DRY_RUN=0
LOG_FILE="rotate.log"

usage() {
    cat <<USAGE
usage: $0 [-d workspace] [-k keep_days] [-n]
  -d  workspace directory (default: .)
  -k  keep raw files newer than this many days uncompressed (default: 7)
  -n  dry run, only report what would happen
USAGE
}

log() {
    local msg
    msg="$(date '+%Y-%m-%d %H:%M:%S') $*"
    echo "$msg"
    echo "$msg" >> "$WORKDIR/$LOG_FILE"
}

while getopts ":d:k:nh" opt; do
    case "$opt" in
        d) WORKDIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ ! -d "$WORKDIR/raw" ]]; then
    echo "no raw/ directory in $WORKDIR" >&2
    exit 1
fi
if ! [[ "$KEEP_DAYS" =~ ^[0-9]+$ ]]; then
    echo "keep_days must be a number" >&2
    exit 1
fi

mkdir -p "$WORKDIR/archive" "$WORKDIR/cache"

archive_station() {
    local station_dir="$1" station count=0
    station="$(basename "$station_dir")"
    mkdir -p "$WORKDIR/archive/$station"
    while IFS= read -r -d '' f; do
        if (( DRY_RUN )); then
            log "would archive $f"
        else
            gzip -9 "$f"
            mv "$f.gz" "$WORKDIR/archive/$station/"
        fi
        count=$((count + 1))
    done < <(find "$station_dir" -maxdepth 1 -type f -name '*.dat' -mtime +"$KEEP_DAYS" -print0)
    log "station $station: $count file(s) archived"
}

for station_dir in "$WORKDIR"/raw/*/; do
    [[ -d "$station_dir" ]] || continue
    archive_station "${station_dir%/}"
done

# Refresh the manifest so the archive can be verified after copying offsite.
if (( ! DRY_RUN )); then
    (
        cd "$WORKDIR/archive"
        find . -type f -name '*.gz' -print0 | sort -z | xargs -0 -r sha256sum > MANIFEST.sha256
    )
    log "manifest: $(wc -l < "$WORKDIR/archive/MANIFEST.sha256") entries"
fi

# Clear our own scratch files (plot caches and partial downloads).
stale=$(find "$WORKDIR/cache" -type f \( -name '*.tmp' -o -name '*.part' -o -name '*.png.cache' \) | wc -l)
if (( DRY_RUN )); then
    log "would remove $stale scratch file(s) from cache/"
else
    find "$WORKDIR/cache" -type f \( -name '*.tmp' -o -name '*.part' -o -name '*.png.cache' \) -delete
    log "removed $stale scratch file(s) from cache/"
fi

log "usage after rotation: $(du -sh "$WORKDIR" | cut -f1)"
