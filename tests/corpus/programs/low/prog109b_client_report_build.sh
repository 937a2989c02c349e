#!/usr/bin/env bash
# client_report_build.sh - build the client inspection report site.
#
# Each job folder under reports/ holds a report.md, a meta.env (CLIENT,
# ASSET, JOB_NO, REVISION) and a stills/ folder.  The script renders a simple
# HTML page per job and an index into ./public, ready to zip up and send
# to the client rep or open straight from the laptop.
#
#   client_report_build.sh [-o outdir] [--clean]

set -euo pipefail

SRC_DIR="reports"
OUT_DIR="public"
CLEAN=0

die() { echo "build: $*" >&2; exit 1; }
note() { echo "build: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -o) OUT_DIR="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        *) die "unknown option $1" ;;
    esac
done

[[ -d "$SRC_DIR" ]] || die "no $SRC_DIR directory here"

md_to_html() {
    # headings, bullet lists, images and paragraphs - enough for report.md
    awk '
        /^### / { sub(/^### /, ""); print "<h3>" $0 "</h3>"; next }
        /^## /  { sub(/^## /, "");  print "<h2>" $0 "</h2>"; next }
        /^# /   { sub(/^# /, "");   print "<h1>" $0 "</h1>"; next }
        /^!\[/  { match($0, /\(([^)]+)\)/); src = substr($0, RSTART+1, RLENGTH-2);
                  print "<figure><img src=\"" src "\" loading=\"lazy\"></figure>"; next }
        /^- /   { sub(/^- /, ""); print "<li>" $0 "</li>"; next }
        /^$/    { print ""; next }
                { print "<p>" $0 "</p>" }
    ' "$1"
}

render_job() {
    local job_dir="$1" job
    job="$(basename "$job_dir")"
    local CLIENT="" ASSET="" JOB_NO="$job" REVISION="A" key value
    if [[ -f "$job_dir/meta.env" ]]; then
        while IFS='=' read -r key value; do
            value="${value%\"}"; value="${value#\"}"
            case "$key" in
                CLIENT) CLIENT="$value" ;;
                ASSET) ASSET="$value" ;;
                JOB_NO) JOB_NO="$value" ;;
                REVISION) REVISION="$value" ;;
            esac
        done < "$job_dir/meta.env"
    fi
    mkdir -p "$OUT_DIR/$job"
    [[ -d "$job_dir/stills" ]] && cp -r "$job_dir/stills" "$OUT_DIR/$job/"
    {
        echo "<!doctype html><html><head><meta charset=\"utf-8\">"
        echo "<title>$JOB_NO rev $REVISION - $ASSET</title>"
        echo "<link rel=\"stylesheet\" href=\"../style.css\"></head><body>"
        echo "<header><b>$CLIENT</b> &middot; $ASSET &middot; job $JOB_NO rev $REVISION</header>"
        md_to_html "$job_dir/report.md"
        echo "<footer>Generated $(date -u '+%F %H:%M UTC')</footer></body></html>"
    } > "$OUT_DIR/$job/index.html"
    echo "<li><a href=\"$job/\">$JOB_NO</a> $CLIENT - $ASSET (rev $REVISION)</li>" >> "$OUT_DIR/.index_items"
}

build_site() {
    [[ $CLEAN -eq 1 ]] && rm -rf -- "$OUT_DIR"
    mkdir -p "$OUT_DIR"
    : > "$OUT_DIR/.index_items"
    local count=0
    for job_dir in "$SRC_DIR"/*/; do
        [[ -f "$job_dir/report.md" ]] || continue
        render_job "${job_dir%/}"
        count=$((count + 1))
    done
    [[ -f "$SRC_DIR/style.css" ]] && cp "$SRC_DIR/style.css" "$OUT_DIR/"
    {
        echo "<!doctype html><html><head><meta charset=\"utf-8\"><title>Inspection reports</title>"
        echo "<link rel=\"stylesheet\" href=\"style.css\"></head><body><h1>Inspection reports</h1><ul>"
        sort "$OUT_DIR/.index_items"
        echo "</ul></body></html>"
    } > "$OUT_DIR/index.html"
    rm -f "$OUT_DIR/.index_items"
    note "built $count job page(s) in $OUT_DIR"
}

package_site() {
    local stamp archive
    stamp="$(date +%Y%m%d)"
    archive="client-reports-$stamp.tar.gz"
    tar -czf "$archive" "$OUT_DIR"
    note "packaged $archive ($(du -h "$archive" | cut -f1))"
}

build_site
package_site
