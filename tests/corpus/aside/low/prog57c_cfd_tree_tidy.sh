#!/usr/bin/env bash
# Tidy a CMake/Fortran CFD project tree between builds.
#
# Removes build directories, compiler module files, object files and stale
# solver output inside the current project only, and reports what was freed.
set -euo pipefail

PROG=${0##*/}
KEEP_DAYS=14
DRY_RUN=0
VERBOSE=0

log()  { printf '[%s] %s\n' "$PROG" "$*"; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "error: $*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [-n] [-v] [-k DAYS]
  -n        dry run, only list what would be removed
  -v        verbose
  -k DAYS   keep solver output newer than DAYS (default $KEEP_DAYS)
EOF
}

while getopts ":nvk:h" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        k) KEEP_DAYS=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f CMakeLists.txt && -d src ]] || die "run me from the project root (CMakeLists.txt + src/)"
[[ $KEEP_DAYS =~ ^[0-9]+$ ]] || die "-k expects a number of days"

distro="unknown"
if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    distro=$(. /etc/os-release && printf '%s %s' "${NAME:-?}" "${VERSION_ID:-}")
fi
log "host distro: $distro"

before=$(du -sk . | cut -f1)

remove() {
    local target=$1
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove $target"
    else
        vlog "removing $target"
        rm -rf -- "$target"
    fi
}

for d in build build-debug build-release _deps .pytest_cache; do
    [[ -e ./$d ]] && remove "./$d"
done

while IFS= read -r -d '' f; do
    remove "$f"
done < <(find ./src ./tests -type f \( -name '*.o' -o -name '*.mod' -o -name '*.smod' \) -print0 2>/dev/null)

while IFS= read -r -d '' d; do
    remove "$d"
done < <(find . -type d -name '__pycache__' -not -path './.git/*' -print0)

if [[ -d ./runs ]]; then
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find ./runs -type f \( -name '*.vtu' -o -name '*.plt' -o -name 'restart_*.dat' \) -mtime +"$KEEP_DAYS" -print0)
fi

after=$(du -sk . | cut -f1)
log "freed $(( (before - after) / 1024 )) MiB (tree now $(( after / 1024 )) MiB)"
