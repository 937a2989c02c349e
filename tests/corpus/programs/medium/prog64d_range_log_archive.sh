#!/usr/bin/env bash
# range_log_archive.sh - archive a red-team range target's logs after a session
#
# Run on each target VM at the end of a course session. Copies the host
# logs and the current user's shell history into a staging area and packs
# them into a tarball in the current directory, so the blue team can use
# them for the detection exercise.
#
#   ./range_log_archive.sh [-c range.conf] [-y]
set -uo pipefail

CONF="range.conf"
ASSUME_YES=0
STAGE_ROOT="/tmp/range-archive"
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

say() { printf '[archive] %s\n' "$*"; }

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

STAMP=$(date +%Y%m%d-%H%M)
STAGE="$STAGE_ROOT/$(hostname -s)-$STAMP"

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Archive logs of $(hostname)? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

copy_workdirs() {
    local d
    for d in ./loot ./scans ./notes; do
        [[ -d "$d" ]] && cp -r -- "$d" "$STAGE/work/" && say "copied $d"
    done
}

copy_logs() {
    local f
    mkdir -p "$STAGE/logs"
    for f in "${LOG_TARGETS[@]}"; do
        [[ -e "$f" ]] || continue
        if cp --parents -- "$f" "$STAGE/logs/" 2>/dev/null; then
            say "copied $f"
        else
            say "cannot read $f (not in adm group?)"
        fi
    done
    if command -v journalctl >/dev/null; then
        journalctl --since "12 hours ago" -o short-iso >"$STAGE/logs/journal.txt" 2>/dev/null \
            && say "journal exported"
    fi
}

copy_history() {
    local h
    mkdir -p "$STAGE/history"
    for h in .bash_history .zsh_history .python_history; do
        [[ -r "$HOME/$h" ]] && cp -- "$HOME/$h" "$STAGE/history/$(id -un)$h"
    done
    say "history copied for $(id -un)"
}

main() {
    confirm || { say "aborted"; exit 1; }
    mkdir -p "$STAGE/work"
    copy_workdirs
    copy_logs
    copy_history
    tar -czf "./$(basename "$STAGE").tar.gz" -C "$STAGE_ROOT" "$(basename "$STAGE")"
    rm -rf -- "$STAGE"
    say "archive written to ./$(basename "$STAGE").tar.gz"
}

main
