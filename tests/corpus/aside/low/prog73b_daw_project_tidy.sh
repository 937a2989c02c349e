#!/usr/bin/env bash
# daw-project-tidy: shrink an Ardour/Reaper project before archiving it.
#
# Removes regenerable files from the project (peak files, waveform caches,
# old undo history, stale scratch renders), reports the space freed and
# writes a small summary next to the session file.
#
#   daw_project_tidy.sh [-n] [-k DAYS] [PROJECT_DIR]

set -uo pipefail

DRY_RUN=0
KEEP_DAYS=7
PROJECT="."
LOGFILE="${STUDIO_LOG:-./cleanup.log}"

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

while getopts ":nk:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] && PROJECT="$1"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"; }

[[ -d "$PROJECT" ]] || { echo "no such project dir: $PROJECT" >&2; exit 1; }
cd "$PROJECT" || exit 1

if compgen -G "*.ardour" >/dev/null; then
    FLAVOUR=ardour
elif compgen -G "*.rpp" >/dev/null; then
    FLAVOUR=reaper
else
    FLAVOUR=generic
fi
log "tidying $FLAVOUR project in $(pwd)"

before=$(du -sk . | cut -f1)
removed=0

remove() {
    local f
    while IFS= read -r -d '' f; do
        if [[ "$DRY_RUN" -eq 1 ]]; then
            echo "would remove $f"
        else
            rm -f -- "$f"
        fi
        removed=$((removed + 1))
    done
}

case "$FLAVOUR" in
    ardour)
        remove < <(find ./peaks -type f -name '*.peak' -print0 2>/dev/null)
        remove < <(find . -maxdepth 1 -name '*.history' -mtime +"$KEEP_DAYS" -print0)
        remove < <(find ./export -type f -name '*.tmp*' -print0 2>/dev/null)
        ;;
    reaper)
        remove < <(find . -type f \( -name '*.reapeaks' -o -name '*.rpp-bak' \) -print0)
        remove < <(find . -type f -name '*.rpp-undo' -mtime +"$KEEP_DAYS" -print0)
        ;;
esac
remove < <(find . -type f \( -name '.DS_Store' -o -name '*.asd' -o -name 'Thumbs.db' \) -print0)
remove < <(find ./renders -type f -name '*_scratch_*.wav' -mtime +"$KEEP_DAYS" -print0 2>/dev/null)

after=$(du -sk . | cut -f1)
log "removed $removed file(s), freed $(( (before - after) / 1024 )) MiB"

write_summary() {
    local audio_count audio_size
    audio_count=$(find . -type f \( -iname '*.wav' -o -iname '*.flac' -o -iname '*.aif*' \) | wc -l)
    audio_size=$(du -sh . | cut -f1)
    {
        echo "project: $(basename "$(pwd)")"
        echo "type: $FLAVOUR"
        echo "tidied: $(date -Iseconds)"
        echo "audio files: $audio_count"
        echo "total size: $audio_size"
    } >"./ARCHIVE_SUMMARY.txt"
    log "summary written to ARCHIVE_SUMMARY.txt"
}

if [[ "$DRY_RUN" -eq 0 ]]; then
    write_summary
fi

log "done"
