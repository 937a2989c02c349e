#!/usr/bin/env bash
# tablet_cache_cleanup.sh - end-of-day tidy for the job-sheet workspace on the
# field tablets. Run from the workspace directory (the one with job_sheets/).
#
# Removes rebuilt artefacts and caches that pile up during a day of quoting
# and certificate printing; the next run of the tools rebuilds them.
#
#   ./tablet_cache_cleanup.sh          # clean
#   ./tablet_cache_cleanup.sh -n       # show what would go
#   ./tablet_cache_cleanup.sh -k 14    # keep rendered PDFs for 14 days

set -euo pipefail

KEEP_DAYS=7
DRY_RUN=0
WORKSPACE="$(pwd)"

CACHE_DIRS=(.jobsheet_cache .pytest_cache build dist .render_cache)
CACHE_GLOBS=('*.pyc' '*.tmp' '*.partial' '.~lock.*#')

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "nk:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

log() { printf '[cleanup %s] %s\n' "$(date +%T)" "$*"; }

if [[ ! -d "$WORKSPACE/job_sheets" && ! -f "$WORKSPACE/register.csv" ]]; then
    log "this does not look like a job-sheet workspace: $WORKSPACE"
    exit 1
fi

remove() {
    local path="$1"
    if (( DRY_RUN )); then
        log "would remove $path"
    else
        rm -rf -- "$path"
        log "removed $path"
    fi
}

freed_before=$(du -sk "$WORKSPACE" | cut -f1)

for d in "${CACHE_DIRS[@]}"; do
    [[ -e "$WORKSPACE/$d" ]] && remove "$WORKSPACE/$d"
done

while IFS= read -r -d '' d; do
    remove "$d"
done < <(find "$WORKSPACE" -type d -name __pycache__ -print0)

for g in "${CACHE_GLOBS[@]}"; do
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find "$WORKSPACE" -type f -name "$g" -print0)
done

if [[ -d "$WORKSPACE/job_sheets/pdf" ]]; then
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find "$WORKSPACE/job_sheets/pdf" -type f -name '*.pdf' -mtime +"$KEEP_DAYS" -print0)
fi

if (( ! DRY_RUN )); then
    freed_after=$(du -sk "$WORKSPACE" | cut -f1)
    log "freed $(( (freed_before - freed_after) / 1024 )) MiB in $WORKSPACE"
fi
