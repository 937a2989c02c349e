#!/usr/bin/env bash
# steno_audio_prune.sh -- rotate the audio-sync recordings made by the CAT
# software during depositions and hearings, inside the job folder.
#
#   * recordings older than COMPRESS_AFTER days are compressed to FLAC
#     (gzip if flac is not installed)
#   * compressed recordings are moved to ./audio_archive
#   * the archive keeps KEEP_DAYS days, as required by the retention policy
#
# Run from the job folder; settings can be overridden in ./steno_audio.conf

set -euo pipefail

AUDIO_DIR="${AUDIO_DIR:-./audio}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./audio_archive}"
COMPRESS_AFTER="${COMPRESS_AFTER:-2}"
KEEP_DAYS="${KEEP_DAYS:-365}"
DRY_RUN=0
CONF="./steno_audio.conf"

# shellcheck disable=SC1090
[ -r "$CONF" ] && . "$CONF"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a ./steno_audio_prune.log; }
run() { if [ "$DRY_RUN" -eq 1 ]; then echo "would: $*"; else "$@"; fi; }

usage() {
    echo "usage: ${0##*/} [-a audio_dir] [-r archive_dir] [-k keep_days] [-n]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -a) AUDIO_DIR="$2"; shift 2 ;;
        -r) ARCHIVE_DIR="$2"; shift 2 ;;
        -k) KEEP_DAYS="$2"; shift 2 ;;
        -n) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

case "$KEEP_DAYS" in
    ''|*[!0-9]*) echo "keep_days must be a number" >&2; exit 2 ;;
esac
[ -d "$AUDIO_DIR" ] || { log "audio dir $AUDIO_DIR missing, nothing to do"; exit 0; }
mkdir -p "$ARCHIVE_DIR"

compress_recordings() {
    local f n=0
    while IFS= read -r -d '' f; do
        if command -v flac >/dev/null 2>&1; then
            run flac --silent --best --delete-input-file -o "${f%.wav}.flac" "$f"
        else
            run gzip -9 "$f"
        fi
        n=$((n + 1))
    done < <(find "$AUDIO_DIR" -type f -name '*.wav' -mtime +"$COMPRESS_AFTER" -print0)
    log "compressed $n recording(s)"
}

move_to_archive() {
    local f rel n=0
    while IFS= read -r -d '' f; do
        rel="${f#"$AUDIO_DIR"/}"
        run mkdir -p "$ARCHIVE_DIR/$(dirname "$rel")"
        run mv -n "$f" "$ARCHIVE_DIR/$rel"
        n=$((n + 1))
    done < <(find "$AUDIO_DIR" -type f \( -name '*.flac' -o -name '*.wav.gz' \) -print0)
    log "moved $n file(s) to $ARCHIVE_DIR"
}

prune_archive() {
    local n
    n=$(find "$ARCHIVE_DIR" -type f \( -name '*.flac' -o -name '*.wav.gz' \) -mtime +"$KEEP_DAYS" | wc -l)
    run find "$ARCHIVE_DIR" -type f \( -name '*.flac' -o -name '*.wav.gz' \) -mtime +"$KEEP_DAYS" -delete
    run find "$ARCHIVE_DIR" -mindepth 1 -type d -empty -delete
    log "pruned $n expired file(s)"
}

report_usage() {
    local used
    used=$(du -sh "$ARCHIVE_DIR" 2>/dev/null | cut -f1)
    log "archive now uses ${used:-0}"
}

log "rotation started (audio=$AUDIO_DIR archive=$ARCHIVE_DIR keep=${KEEP_DAYS}d)"
compress_recordings
move_to_archive
prune_archive
report_usage
log "rotation finished"
