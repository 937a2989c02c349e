#!/usr/bin/env bash
# share_bundle.sh - unpack this week's lecture bundle and serve it to the
# lab room so students can download the starter code from their machines.
#
# Usage: ./share_bundle.sh BUNDLE.tar.gz [-p PORT] [--no-serve]
#
# The bundle is extracted to a fixed staging folder so that the bookmark
# http://<teacher-pc>:PORT/ always shows the current week.

set -euo pipefail

STAGE="/tmp/lecture_share"
PORT=8000
SERVE=1
BUNDLE=""
LOGFILE="share_bundle.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p|--port) PORT="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        -*) log "unknown option $1"; exit 1 ;;
        *) BUNDLE="$1"; shift ;;
    esac
done

[[ -n "$BUNDLE" && -f "$BUNDLE" ]] || { log "bundle not found: ${BUNDLE:-<none>}"; exit 1; }

case "$BUNDLE" in
    *.tar.gz|*.tgz) TAR_FLAGS="-xzf" ;;
    *.tar.xz)       TAR_FLAGS="-xJf" ;;
    *.tar)          TAR_FLAGS="-xf"  ;;
    *) log "unsupported archive type: $BUNDLE"; exit 1 ;;
esac

log "staging $BUNDLE in $STAGE"
rm -rf "$STAGE"
mkdir -p "$STAGE"
tar $TAR_FLAGS "$BUNDLE" -C "$STAGE"

# Build a simple index page listing the starter projects.
week=$(basename "$BUNDLE" | sed -E 's/\.(tar(\.gz|\.xz)?|tgz)$//')
{
    echo "<!doctype html><meta charset=utf-8><title>$week</title>"
    echo "<h1>Lecture material: $week</h1><ul>"
    find "$STAGE" -mindepth 1 -maxdepth 2 -type f ! -name index.html -printf '%P\n' | sort |
    while IFS= read -r rel; do
        size=$(du -h "$STAGE/$rel" | cut -f1)
        printf '<li><a href="%s">%s</a> (%s)</li>\n' "$rel" "$rel" "$size"
    done
    echo "</ul><p>Generated $(date '+%F %H:%M')</p>"
} > "$STAGE/index.html"

count=$(find "$STAGE" -type f | wc -l)
log "$count files staged"

if [[ "$SERVE" -eq 0 ]]; then
    log "not serving (--no-serve)"
    exit 0
fi

addr=$(hostname -I 2>&1 | awk '{print $1}')
log "students can browse to http://${addr:-this-machine}:$PORT/"
log "press Ctrl-C at the end of the lab to stop sharing"

cleanup() {
    log "sharing stopped"
}
trap cleanup EXIT

cd "$STAGE"
python3 -m http.server "$PORT" --bind 0.0.0.0
