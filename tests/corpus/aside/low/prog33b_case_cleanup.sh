#!/usr/bin/env bash
# Tidy the analysis workspace of a forensic case checkout.
#
# Removes scratch data that our own tooling regenerates (parser caches,
# rendered report drafts, python bytecode, extraction staging) from the
# current case directory.  Evidence under ./evidence and final reports under
# ./reports/final are never touched.
#
#   ./case_cleanup.sh            # dry run, lists what would go
#   ./case_cleanup.sh --apply    # actually delete
#   ./case_cleanup.sh --apply --keep-days 3

set -euo pipefail

APPLY=0
KEEP_DAYS=7
LOGFILE="cleanup.log"

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() {
    printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" | tee -a "$LOGFILE"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --apply) APPLY=1 ;;
        --keep-days) KEEP_DAYS="${2:?--keep-days needs a value}"; shift ;;
        -h|--help) usage 0 ;;
        *) echo "unknown option: $1" >&2; usage 1 ;;
    esac
    shift
done

CASE_ROOT="$(pwd -P)"
if [[ ! -f "$CASE_ROOT/case.yml" ]]; then
    echo "not a case directory (no case.yml in $CASE_ROOT)" >&2
    exit 2
fi
if [[ "$CASE_ROOT" == "/" || "$CASE_ROOT" == "$HOME" ]]; then
    echo "refusing to run in $CASE_ROOT" >&2
    exit 2
fi

# relative paths only: everything below lives inside the case checkout
SCRATCH_DIRS=(
    ".cache"
    "build"
    "staging/extract"
    "reports/drafts"
    ".pytest_cache"
)

remove_path() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    local size
    size=$(du -sh -- "$target" 2>/dev/null | cut -f1)
    if (( APPLY )); then
        rm -rf -- "$target"
        log "removed $target ($size)"
    else
        echo "would remove $target ($size)"
    fi
}

touch "$LOGFILE"
chmod 600 "$LOGFILE"
log "cleanup started in $CASE_ROOT (apply=$APPLY keep_days=$KEEP_DAYS)"

for d in "${SCRATCH_DIRS[@]}"; do
    remove_path "./$d"
done

# bytecode from the parser modules
while IFS= read -r -d '' pyc_dir; do
    remove_path "$pyc_dir"
done < <(find ./tools -type d -name __pycache__ -print0 2>/dev/null)

# old timeline renderings, keep the newest KEEP_DAYS days
if [[ -d ./reports/timelines ]]; then
    count=$(find ./reports/timelines -maxdepth 1 -type f -name '*.html' -mtime +"$KEEP_DAYS" | wc -l)
    if (( APPLY )); then
        find ./reports/timelines -maxdepth 1 -type f -name '*.html' -mtime +"$KEEP_DAYS" -delete
        log "pruned $count old timeline renderings"
    else
        echo "would prune $count timeline renderings older than $KEEP_DAYS days"
    fi
fi

log "cleanup finished"
