#!/usr/bin/env bash
# qc_report_share.sh - build the MultiQC report for a run and share it with
# the wet-lab team over the lab network for the morning QC review.
#
# Usage: qc_report_share.sh -r RUN_DIR [-p PORT] [--no-serve]

set -euo pipefail

RUN_DIR=""
PORT=8088
SERVE=1
TITLE_PREFIX="Seq QC"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >&2
}

die() {
    log "ERROR: $*"
    exit 1
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -r) RUN_DIR="$2"; shift 2 ;;
            -p) PORT="$2"; shift 2 ;;
            --no-serve) SERVE=0; shift ;;
            -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
            *) die "unknown argument: $1" ;;
        esac
    done
    [[ -n "$RUN_DIR" ]] || die "-r RUN_DIR is required"
    [[ -d "$RUN_DIR" ]] || die "no such run dir: $RUN_DIR"
}

check_tools() {
    for t in multiqc python3; do
        command -v "$t" >/dev/null 2>&1 || die "missing tool: $t"
    done
}

collect_inputs() {
    local n
    n=$(find "$RUN_DIR" -type f \( -name '*fastqc.zip' -o -name '*.fastp.json' \
        -o -name '*.flagstat' -o -name 'Stats.json' \) | wc -l)
    log "found ${n} QC input files under ${RUN_DIR}"
    [[ "$n" -gt 0 ]] || die "nothing to report on"
}

build_report() {
    local run_name out_dir
    run_name="$(basename "$RUN_DIR")"
    out_dir="${RUN_DIR}/multiqc"
    mkdir -p "$out_dir"
    log "running multiqc for ${run_name}"
    multiqc --force --quiet \
        --title "${TITLE_PREFIX} ${run_name}" \
        --outdir "$out_dir" \
        "$RUN_DIR" 2> "${out_dir}/multiqc.stderr" \
        || die "multiqc failed, see ${out_dir}/multiqc.stderr"
    log "report at ${out_dir}/multiqc_report.html"
}

serve_report() {
    local out_dir="${RUN_DIR}/multiqc"
    local ip
    ip=$(hostname -I 2>/dev/null | awk '{print $1}')
    log "serving ${out_dir} on http://${ip:-this-host}:${PORT}/multiqc_report.html"
    log "press Ctrl-C to stop sharing"
    cd "$out_dir"
    python3 -m http.server "$PORT" --bind 0.0.0.0
}

main() {
    parse_args "$@"
    check_tools
    collect_inputs
    build_report
    if [[ "$SERVE" -eq 1 ]]; then
        serve_report
    fi
}

main "$@"
