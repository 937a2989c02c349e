#!/bin/sh
# site_kit_cache_clean.sh - tidy the installer site-kit checkout
#
# The site kit (checklist generator, label printer templates, firmware
# manifests) builds a lot of throwaway output.  Run this from the kit's
# top-level folder before syncing it to the next van laptop.
#
#   -n   dry run, only list what would go
#   -a   also drop node_modules and the downloaded firmware cache
#   -d N keep generated checklists newer than N days (default 14)
set -eu

DRY=0
ALL=0
KEEP_DAYS=14

while getopts "nad:" o; do
    case $o in
        n) DRY=1 ;;
        a) ALL=1 ;;
        d) KEEP_DAYS=$OPTARG ;;
        *) sed -n '2,10p' "$0"; exit 2 ;;
    esac
done

if [ ! -f ./sitekit.toml ]; then
    echo "run me from the site-kit folder (no sitekit.toml here)" >&2
    exit 1
fi

say() { printf '  %s\n' "$*"; }

size_kb() {
    du -sk "$@" 2>/dev/null | awk '{s+=$1} END {print s+0}'
}

drop() {
    for p in "$@"; do
        [ -e "$p" ] || continue
        if [ "$DRY" -eq 1 ]; then
            say "would remove $p"
        else
            rm -rf -- "$p"
            say "removed $p"
        fi
    done
}

before=$(size_kb .)
echo "cleaning $(pwd)"

# build output
drop ./build ./dist ./.cache ./.pytest_cache ./.mypy_cache ./htmlcov ./.coverage

# python bytecode anywhere in the kit
find . -path ./.git -prune -o -type d -name __pycache__ -print | while read -r d; do
    drop "$d"
done

# rendered label sheets are regenerated on every print run
if [ -d ./labels/rendered ]; then
    find ./labels/rendered -type f -name '*.pdf' -print | while read -r f; do drop "$f"; done
fi

# generated checklists: keep recent ones for jobs still open
if [ -d ./out/checklists ]; then
    find ./out/checklists -type f \( -name '*.md' -o -name '*.pdf' \) -mtime +"$KEEP_DAYS" -print |
        while read -r f; do drop "$f"; done
fi

if [ "$ALL" -eq 1 ]; then
    drop ./node_modules ./firmware_cache
fi

after=$(size_kb .)
if [ "$DRY" -eq 0 ]; then
    echo "freed $(( (before - after) / 1024 )) MB"
fi
