#!/usr/bin/env bash
# tournament_folder_tidy.sh - close out a finished event folder.
#
# Run from inside the event folder (the one with event.toml, the .trf
# pairing exports and the generated results site). Packs the final
# results into archive/, then removes the generated site, the PDF
# build folder and the pairing engine caches so the folder is small
# enough to sync back to the club drive.
#
# usage: tournament_folder_tidy.sh [-n] [-k KEEP_ROUNDS]
set -euo pipefail

DRY_RUN=0
KEEP_ROUNDS=""
LOG_FILE="tidy.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "error: $*"; exit 1; }

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run: $*"
    else
        "$@"
    fi
}

while getopts ":nk:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_ROUNDS="$OPTARG" ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

[[ -f event.toml ]] || die "no event.toml here - run from the event folder"

event_name=$(awk -F' *= *' '$1=="name"{gsub(/"/,"",$2); print $2; exit}' event.toml)
event_slug=$(printf '%s' "${event_name:-event}" | tr '[:upper:] ' '[:lower:]-' | tr -cd 'a-z0-9-')
stamp=$(date +%Y%m%d)
archive_dir="archive"
archive_file="$archive_dir/${event_slug}-${stamp}.tar.gz"

log "tidying $event_name ($event_slug)"
mkdir -p "$archive_dir"

# final crosstable, pairing exports and the PGN of all rounds
shopt -s nullglob
keep=(event.toml *.trf results/*.pgn results/crosstable.* results/standings.*)
shopt -u nullglob
if [[ ${#keep[@]} -eq 0 ]]; then
    log "nothing to archive"
else
    run tar -czf "$archive_file" "${keep[@]}"
    log "archived ${#keep[@]} files to $archive_file"
fi

# generated output - all of it can be rebuilt from event.toml + .trf
for d in site build .pairing_cache __pycache__; do
    if [[ -d "$d" ]]; then
        run rm -rf -- "./$d"
        log "removed $d/"
    fi
done

# old per-round pairing snapshots (only with -k), keep the last KEEP_ROUNDS
if [[ -n "$KEEP_ROUNDS" && "$KEEP_ROUNDS" =~ ^[0-9]+$ ]]; then
    mapfile -t snaps < <(ls -1 rounds/round-*.trf 2>/dev/null | sort -V)
    drop=$(( ${#snaps[@]} - KEEP_ROUNDS ))
    for (( i = 0; i < drop; i++ )); do
        run rm -f -- "${snaps[$i]}"
    done
    if (( drop > 0 )); then
        log "dropped $drop round snapshots"
    fi
fi

find . -maxdepth 2 \( -name '*.aux' -o -name '*.log.1' \) -type f | while read -r f; do
    run rm -f -- "$f"
done

du -sh . 2>/dev/null | awk '{print "folder size now " $1}' | tee -a "$LOG_FILE"
log "done"
