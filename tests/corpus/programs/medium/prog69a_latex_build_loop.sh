#!/usr/bin/env bash
# latex_build_loop.sh -- rebuild a thesis/paper whenever a source file changes.
#
# Usage: latex_build_loop.sh [-i interval] [-e engine] [-q] <project-dir> [main.tex]
#
# Polls the project tree (works on NFS home dirs where inotify does not),
# runs latexmk when the checksum of the sources changes and keeps a short
# log of each build.  Only one loop per user is allowed.

set -euo pipefail

INTERVAL=${LATEX_LOOP_INTERVAL:-5}
ENGINE=${LATEX_LOOP_ENGINE:-pdf}
QUIET=0
STATE_DIR=/tmp/latex_build_loop
LOCK_FILE=$STATE_DIR/loop.pid
LOG_FILE=$STATE_DIR/build.log

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() {
    local msg="[$(date '+%H:%M:%S')] $*"
    echo "$msg" >> "$LOG_FILE"
    [[ $QUIET -eq 1 ]] || echo "$msg" >&2
}

while getopts ":i:e:qh" opt; do
    case $opt in
        i) INTERVAL=$OPTARG ;;
        e) ENGINE=$OPTARG ;;
        q) QUIET=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))

PROJECT=${1:-}
[[ -n $PROJECT && -d $PROJECT ]] || usage 1
PROJECT=$(cd "$PROJECT" && pwd)
MAIN=${2:-$(grep -l '\\documentclass' "$PROJECT"/*.tex 2>/dev/null | head -n1 || true)}
[[ -n $MAIN ]] || { echo "no main .tex with \\documentclass in $PROJECT" >&2; exit 1; }
MAIN=$(basename "$MAIN")

mkdir -p "$STATE_DIR"
if [[ -f $LOCK_FILE ]] && kill -0 "$(cat "$LOCK_FILE")" 2>/dev/null; then
    echo "build loop already running (pid $(cat "$LOCK_FILE"))" >&2
    exit 0
fi
echo $$ > "$LOCK_FILE"
trap 'rm -f "$LOCK_FILE"; log "loop stopped"' EXIT INT TERM

fingerprint() {
    find "$PROJECT" -type f \( -name '*.tex' -o -name '*.bib' -o -name '*.sty' \
        -o -name '*.pdf' -path '*figures*' \) -not -path '*/build/*' -print0 \
        | sort -z | xargs -0 md5sum 2>/dev/null | md5sum | cut -d' ' -f1
}

build() {
    local start rc
    start=$(date +%s)
    (cd "$PROJECT" && latexmk -"$ENGINE" -interaction=nonstopmode -halt-on-error \
        -outdir=build "$MAIN" > "$STATE_DIR/latexmk.out" 2>&1) && rc=0 || rc=$?
    if [[ $rc -eq 0 ]]; then
        log "build ok in $(( $(date +%s) - start ))s -> $PROJECT/build/${MAIN%.tex}.pdf"
    else
        log "build FAILED (rc=$rc); first errors:"
        grep -m5 '^!' "$STATE_DIR/latexmk.out" | while read -r line; do log "  $line"; done
    fi
}

log "watching $PROJECT ($MAIN, engine=$ENGINE, every ${INTERVAL}s)"
last=""
while true; do
    current=$(fingerprint)
    if [[ $current != "$last" ]]; then
        build
        last=$current
    fi
    sleep "$INTERVAL"
done
