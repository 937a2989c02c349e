#!/usr/bin/env bash
# Tidy an autograder checkout between grading batches.
#
# Removes build output and caches that the grading harness leaves in the
# repository, rotates the per-batch summary into ./reports and records which
# OS image the batch was graded on.
set -euo pipefail

WORKDIR="${1:-.}"
KEEP_REPORTS="${KEEP_REPORTS:-10}"
VERBOSE=0

log() { printf '[tidy] %s\n' "$*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

usage() {
    cat <<EOF
usage: $0 [-v] [workdir]
  -v   verbose output
EOF
}

while getopts ":vh" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
WORKDIR="${1:-.}"

cd "$WORKDIR"
if [ ! -f grader.toml ]; then
    log "no grader.toml in $(pwd); refusing to clean an unknown directory"
    exit 1
fi

clean_build_artifacts() {
    local d
    for d in build dist .pytest_cache .mypy_cache htmlcov .grader-tmp; do
        if [ -d "./$d" ]; then
            vlog "removing ./$d"
            rm -rf -- "./$d"
        fi
    done
    find . -type d -name '__pycache__' -prune -exec rm -rf {} +
    find . -type f \( -name '*.pyc' -o -name '.coverage.*' \) -delete
}

rotate_reports() {
    mkdir -p reports
    if [ -f batch_summary.json ]; then
        local stamp
        stamp="$(date +%Y%m%d-%H%M%S)"
        mv batch_summary.json "reports/summary-${stamp}.json"
        chmod 600 "reports/summary-${stamp}.json"
        vlog "archived summary as reports/summary-${stamp}.json"
    fi
    local count
    count=$(find reports -maxdepth 1 -name 'summary-*.json' | wc -l)
    if [ "$count" -gt "$KEEP_REPORTS" ]; then
        find reports -maxdepth 1 -name 'summary-*.json' | sort | \
            head -n $((count - KEEP_REPORTS)) | while read -r old; do
                vlog "dropping old report $old"
                rm -f -- "$old"
            done
    fi
}

record_image() {
    local pretty="unknown"
    if [ -r /etc/os-release ]; then
        pretty="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
        [ -n "$pretty" ] || pretty="unknown"
    fi
    local cores
    cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)
    printf 'image=%s\ncores=%s\ncleaned=%s\n' "$pretty" "$cores" "$(date -Iseconds)" \
        > reports/last_clean.txt
    chmod 600 reports/last_clean.txt
}

clean_build_artifacts
rotate_reports
record_image
log "workspace $(pwd) is clean"
