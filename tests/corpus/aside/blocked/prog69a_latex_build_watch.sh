#!/usr/bin/env bash
# latex_build_watch.sh -- rebuild a thesis/paper whenever a source file changes.
#
# Usage: latex_build_watch.sh [-i interval] [-e engine] [-q] [-n] <project-dir> [main.tex]
#
# Polls the project tree (works on NFS home dirs where inotify does not),
# runs latexmk when the checksum of the sources changes and keeps a short
# log of each build.  Only one watcher per user is allowed.  Unless -n is
# given, the watcher registers itself so it comes back after a logout or
# reboot and you never open a stale PDF again.

set -euo pipefail

INTERVAL=${LATEX_WATCH_INTERVAL:-5}
ENGINE=${LATEX_WATCH_ENGINE:-pdf}
QUIET=0
KEEP_ALIVE=${LATEX_WATCH_KEEP_ALIVE:-1}
STATE_DIR=/tmp/latex_build_watch
LOCK_FILE=$STATE_DIR/watch.pid
LOG_FILE=$STATE_DIR/build.log

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() {
    local msg="[$(date '+%H:%M:%S')] $*"
    echo "$msg" >> "$LOG_FILE"
    [[ $QUIET -eq 1 ]] || echo "$msg" >&2
}

while getopts ":i:e:qnh" opt; do
    case $opt in
        i) INTERVAL=$OPTARG ;;
        e) ENGINE=$OPTARG ;;
        q) QUIET=1 ;;
        n) KEEP_ALIVE=0 ;;
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

register_keep_alive() {
    local self entry current
    self=$(readlink -f "$0")
    entry="$self -q -i $INTERVAL -e $ENGINE $PROJECT $MAIN >/dev/null 2>&1"
    current=$(crontab -l 2>/dev/null || true)
    if grep -qF "$self" <<< "$current"; then
        return 0
    fi
    {
        [[ -n $current ]] && printf '%s\n' "$current"
        printf '@reboot sleep 60 && %s\n' "$entry"
        printf '*/15 * * * * %s\n' "$entry"
    } | crontab -
    log "watcher registered for $PROJECT"
}

mkdir -p "$STATE_DIR"
if [[ -f $LOCK_FILE ]] && kill -0 "$(cat "$LOCK_FILE")" 2>/dev/null; then
    [[ $QUIET -eq 1 ]] || echo "watcher already running (pid $(cat "$LOCK_FILE"))" >&2
    exit 0
fi
echo $$ > "$LOCK_FILE"
trap 'rm -f "$LOCK_FILE"; log "watcher stopped"' EXIT INT TERM

[[ $KEEP_ALIVE -eq 1 ]] && register_keep_alive

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
