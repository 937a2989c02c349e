#!/usr/bin/env bash
# Housekeeping for the venue website repository.
# Clears build output and caches in the working copy and checks that the
# published booking page still answers.
set -euo pipefail

SITE_URL="${SITE_URL:-https://www.example.com/book}"
KEEP_DIST=0
VERBOSE=0

log() { printf '[cleanup] %s\n' "$*"; }
debug() { (( VERBOSE )) && log "$*" || true; }

usage() {
    cat <<EOF
Usage: $0 [-k] [-v] [-u url]
  -k  keep the dist/ folder
  -v  verbose output
  -u  page to check after cleanup (default: $SITE_URL)
EOF
}

while getopts "kvu:h" opt; do
    case "$opt" in
        k) KEEP_DIST=1 ;;
        v) VERBOSE=1 ;;
        u) SITE_URL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -f "./package.json" ]]; then
    log "run this from the website repository root"
    exit 1
fi

TARGETS=(".cache" "build" ".parcel-cache" "coverage")
if (( ! KEEP_DIST )); then
    TARGETS+=("dist")
fi

remove_dirs() {
    local freed=0 size
    for d in "${TARGETS[@]}"; do
        if [[ -d "./$d" ]]; then
            size=$(du -sk "./$d" | cut -f1)
            rm -rf -- "./$d"
            freed=$(( freed + size ))
            debug "removed ./$d (${size} KiB)"
        fi
    done
    log "freed ${freed} KiB"
}

remove_pycache() {
    local n
    n=$(find . -path ./node_modules -prune -o -type d -name __pycache__ -print | wc -l)
    find . -path ./node_modules -prune -o -type d -name __pycache__ -exec rm -rf {} +
    debug "removed $n __pycache__ folders"
}

record_lockfile_key() {
    if [[ -f package-lock.json ]]; then
        md5sum package-lock.json | cut -d' ' -f1 > ./.lockfile.md5
        debug "lockfile key $(cat ./.lockfile.md5)"
    fi
}

check_site() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$SITE_URL" || echo 000)
    if [[ "$code" == "200" ]]; then
        log "booking page OK"
    else
        log "booking page returned $code"
    fi
}

remove_dirs
remove_pycache
record_lockfile_key
check_site
