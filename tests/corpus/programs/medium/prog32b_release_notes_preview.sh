#!/bin/sh
# release_notes_preview.sh -- build HTML release notes from conventional
# commits between two tags and optionally serve them for review.
#
#   ./release_notes_preview.sh v2.3.0 v2.4.0 [--serve PORT]
set -eu

PREV_TAG=${1:?previous tag required}
NEW_TAG=${2:?new tag required}
SERVE_PORT=""
if [ "${3:-}" = "--serve" ]; then
    SERVE_PORT=${4:-8000}
fi

WORKDIR=/tmp/release-notes-build
OUT_HTML="$WORKDIR/index.html"
RAW_LOG="$WORKDIR/commits.txt"

say() { printf '%s\n' "$*" >&2; }

prepare() {
    rm -rf "$WORKDIR"
    mkdir -p "$WORKDIR"
    if ! git rev-parse -q --verify "refs/tags/$PREV_TAG" >/dev/null; then
        say "unknown tag: $PREV_TAG"
        exit 1
    fi
}

collect() {
    git log --no-merges --pretty=format:'%h%x09%s%x09%an' \
        "$PREV_TAG..${NEW_TAG}" >"$RAW_LOG" 2>/dev/null ||
    git log --no-merges --pretty=format:'%h%x09%s%x09%an' \
        "$PREV_TAG..HEAD" >"$RAW_LOG"
    say "collected $(wc -l <"$RAW_LOG") commits"
}

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

section() {
    title=$1
    pattern=$2
    matches=$(grep -E "^[0-9a-f]+	${pattern}" "$RAW_LOG" || true)
    [ -z "$matches" ] && return 0
    printf '<h2>%s</h2>\n<ul>\n' "$title"
    printf '%s\n' "$matches" | while IFS='	' read -r sha subject author; do
        clean=$(printf '%s' "$subject" | sed -E 's/^[a-z]+(\([^)]*\))?!?: //' | html_escape)
        printf '  <li>%s <code>%s</code> <em>%s</em></li>\n' \
            "$clean" "$sha" "$(printf '%s' "$author" | html_escape)"
    done
    printf '</ul>\n'
}

render() {
    {
        printf '<!doctype html>\n<html><head><meta charset="utf-8">\n'
        printf '<title>Release %s</title></head><body>\n' "$NEW_TAG"
        printf '<h1>%s</h1>\n<p>Changes since %s, generated %s.</p>\n' \
            "$NEW_TAG" "$PREV_TAG" "$(date -u +%Y-%m-%d)"
        section "Breaking changes" '[a-z]+(\([^)]*\))?!:'
        section "Features" 'feat(\([^)]*\))?:'
        section "Fixes" 'fix(\([^)]*\))?:'
        section "Performance" 'perf(\([^)]*\))?:'
        section "Documentation" 'docs(\([^)]*\))?:'
        printf '</body></html>\n'
    } >"$OUT_HTML"
    say "wrote $OUT_HTML"
}

serve() {
    say "serving $WORKDIR on port $SERVE_PORT for reviewers (Ctrl-C to stop)"
    cd "$WORKDIR"
    exec python3 -m http.server "$SERVE_PORT" --bind 0.0.0.0
}

prepare
collect
render
if [ -n "$SERVE_PORT" ]; then
    serve
fi
cp "$OUT_HTML" "./RELEASE_NOTES-${NEW_TAG}.html"
say "copied to ./RELEASE_NOTES-${NEW_TAG}.html"
