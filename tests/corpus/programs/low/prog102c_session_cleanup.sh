#!/usr/bin/env bash
# session_cleanup.sh - end-of-night housekeeping for an imaging session
# directory (run from inside the session folder, e.g. ~/imaging/2024-03-09).
#
#  * moves calibrated/stacked results into ./archive/<date>/
#  * compresses the raw lights into a tarball next to them
#  * removes the intermediate files our processing scripts leave behind
#    (registered/, debayered/, ./.cache, __pycache__, *.tmp)
#
# usage: session_cleanup.sh [-n] [-k]   (-n dry run, -k keep raw lights)

set -o errexit -o nounset -o pipefail

DRY=0
KEEP_RAW=0
SESSION_DATE="$(basename "$PWD")"
ARCHIVE="./archive/$SESSION_DATE"
REPORT="./cleanup-report.txt"

while getopts "nk" opt; do
    case "$opt" in
        n) DRY=1 ;;
        k) KEEP_RAW=1 ;;
        *) echo "usage: $0 [-n] [-k]" >&2; exit 2 ;;
    esac
done

run() {
    if (( DRY )); then
        echo "[dry] $*"
    else
        "$@"
    fi
}

note() { echo "$(date +%T) $*" | tee -a "$REPORT"; }

require_session_dir() {
    if [[ ! -d ./lights && ! -d ./LIGHT ]]; then
        echo "this does not look like a session folder (no lights/)" >&2
        exit 1
    fi
}

archive_results() {
    local moved=0 f
    run mkdir -p "$ARCHIVE"
    shopt -s nullglob
    for f in ./stacked/*.{fits,xisf,tif} ./master_*.fits ./*.siril.log; do
        run mv -n -- "$f" "$ARCHIVE/"
        moved=$((moved + 1))
    done
    note "archived $moved result files to $ARCHIVE"
}

pack_raw() {
    local raw_dir
    (( KEEP_RAW )) && { note "keeping raw lights as-is"; return; }
    for raw_dir in ./lights ./LIGHT; do
        [[ -d "$raw_dir" ]] || continue
        run tar -czf "$ARCHIVE/$(basename "$raw_dir")-$SESSION_DATE.tar.gz" "$raw_dir"
        note "packed $raw_dir"
    done
}

remove_intermediates() {
    local freed before after
    before=$(du -sk . | cut -f1)
    for d in ./registered ./debayered ./process ./.cache; do
        [[ -d "$d" ]] && run rm -rf -- "$d"
    done
    run find . -path ./archive -prune -o \( -name '__pycache__' -o -name '*.tmp' -o -name '*.seq.bak' \) \
        -print0 | { (( DRY )) && tr '\0' '\n' || xargs -0r rm -rf --; }
    after=$(du -sk . | cut -f1)
    freed=$(( (before - after) / 1024 ))
    note "removed intermediates, freed ${freed} MiB"
}

summary() {
    note "session $SESSION_DATE cleaned"
    ls -lh "$ARCHIVE" 2>/dev/null | tee -a "$REPORT"
}

require_session_dir
archive_results
pack_raw
remove_intermediates
summary
