#!/usr/bin/env bash
# snakemake_scratch_cleanup.sh - wrap up a Snakemake workflow run on a shared
# analysis node: archive reports and drop scratch and cache directories from
# the workflow checkout so the next run starts from a clean state.
#
# Usage: snakemake_scratch_cleanup.sh <workflow_dir> [run_label]
set -uo pipefail

WF_DIR="${1:?workflow directory required}"
LABEL="${2:-$(date +%Y%m%d_%H%M)}"
ARCHIVE_DIR="${WF_DIR}/archive/${LABEL}"
KEEP_LOGS="${KEEP_LOGS:-0}"

log() { echo "$(date '+%H:%M:%S') cleanup: $*"; }

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
    find "$WF_DIR" -maxdepth 3 -type d -name '__pycache__' -prune -exec rm -rf {} +
    find "$WF_DIR/results" -maxdepth 2 -name '*.tmp' -delete 2>/dev/null || true
    log "scratch removed"
}

report_sizes() {
    du -sh "$WF_DIR/.snakemake" "$WF_DIR/results" 2>/dev/null | while read -r size path; do
        log "$(printf '%-8s %s' "$size" "$path")"
    done
}

log "finalizing run '$LABEL' in $WF_DIR"
archive_reports
drop_scratch
report_sizes
log "done"
