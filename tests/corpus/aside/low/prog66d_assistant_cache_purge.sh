#!/usr/bin/env bash
# Housekeeping for the desktop voice assistant's working data.
#
# The assistant keeps everything under ./assistant-data:
#   tts-cache/     synthesized speech clips, named by md5 of the spoken text
#   transcripts/   per-day recognizer output (one .jsonl per day)
#   recordings/    raw wake-word audio kept for debugging
#
# Usage: prog66d_assistant_cache_purge.sh [-d DATA_DIR] [-k DAYS] [-n] [-v]
#   -d  data directory (default ./assistant-data)
#   -k  keep files newer than DAYS days (default 14)
#   -n  dry run, only report what would go
#   -v  verbose

set -euo pipefail

DATA_DIR="${ASSISTANT_DATA:-./assistant-data}"
KEEP_DAYS="${ASSISTANT_KEEP_DAYS:-14}"
DRY_RUN=0
VERBOSE=0

while getopts "d:k:nvh" opt; do
    case "$opt" in
        d) DATA_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) exit 2 ;;
    esac
done

[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || { echo "-k needs a number of days" >&2; exit 2; }
[ -d "$DATA_DIR" ] || { echo "no data directory at $DATA_DIR, nothing to do"; exit 0; }

LOG="$DATA_DIR/purge.log"
log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG"
    [ "$VERBOSE" -eq 1 ] && printf '%s\n' "$*" >&2 || true
}

bytes_of() { du -sb "$1" 2>/dev/null | cut -f1; }

remove_old() {
    local dir="$1" pattern="$2" count=0
    [ -d "$dir" ] || { echo 0; return 0; }
    while IFS= read -r -d '' f; do
        count=$((count + 1))
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would remove $f"
        else
            rm -f -- "$f"
            log "removed $f"
        fi
    done < <(find "$dir" -type f -name "$pattern" -mtime "+$KEEP_DAYS" -print0)
    echo "$count"
}

# Clips whose name no longer matches md5(text) in the index are orphans left
# over from an interrupted synthesis run.
prune_orphan_clips() {
    local cache="$DATA_DIR/tts-cache" index="$DATA_DIR/tts-cache/index.tsv"
    [ -f "$index" ] || return 0
    local kept=0 dropped=0 tmp_index="$index.new"
    : >"$tmp_index"
    while IFS=$'\t' read -r key text; do
        local want
        want="$(printf '%s' "$text" | md5sum | cut -d' ' -f1)"
        if [ "$key" = "$want" ] && [ -f "$cache/$key.wav" ]; then
            printf '%s\t%s\n' "$key" "$text" >>"$tmp_index"
            kept=$((kept + 1))
        else
            dropped=$((dropped + 1))
            [ "$DRY_RUN" -eq 1 ] || rm -f -- "$cache/$key.wav"
            log "orphan clip $key"
        fi
    done <"$index"
    if [ "$DRY_RUN" -eq 1 ]; then rm -f "$tmp_index"; else mv "$tmp_index" "$index"; fi
    log "index: kept $kept, dropped $dropped"
}

main() {
    local before after n_tts n_tr n_rec
    before="$(bytes_of "$DATA_DIR")"
    log "purge start (keep ${KEEP_DAYS}d, dry_run=$DRY_RUN)"

    n_tts="$(remove_old "$DATA_DIR/tts-cache" '*.wav')"
    n_tr="$(remove_old "$DATA_DIR/transcripts" '*.jsonl')"
    n_rec="$(remove_old "$DATA_DIR/recordings" '*.flac')"
    prune_orphan_clips

    find "$DATA_DIR" -mindepth 1 -type d -empty -delete 2>/dev/null || true

    after="$(bytes_of "$DATA_DIR")"
    printf 'tts clips: %s  transcripts: %s  recordings: %s  freed: %s bytes\n' \
        "$n_tts" "$n_tr" "$n_rec" "$(( before - after ))"
    log "purge done"
}

main
