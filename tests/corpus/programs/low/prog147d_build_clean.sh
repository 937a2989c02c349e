#!/usr/bin/env bash
# Housekeeping for the van-tools repository checkout.
# Removes build output and caches inside this checkout, records checksums
# of the packaged audiobook playlists, and checks the release server is up.
set -euo pipefail

# always operate relative to the checkout, never the caller's cwd
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

RELEASE_URL="${RELEASE_URL:-https://releases.example.com/van-tools/latest.json}"
CACHE_DIRS=(build dist .pytest_cache .mypy_cache .stopcheck_cache)
DRY_RUN=0

log() { printf '[clean] %s\n' "$*"; }

usage() {
    cat <<EOF
usage: $0 [-n] [clean|checksums|status|all]
  -n   show what would be removed without removing it
EOF
}

remove_path() {
    local p="$1"
    # refuse anything that is not a plain relative path inside the checkout
    case "$p" in
        /*|*..*|"") log "refusing to remove '$p'"; return 1 ;;
    esac
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would remove ./$p"
    else
        rm -rf -- "./$p"
        log "removed ./$p"
    fi
}

clean() {
    local d
    for d in "${CACHE_DIRS[@]}"; do
        [[ -e "$d" ]] && remove_path "$d"
    done
    # stray bytecode left by the tests
    while IFS= read -r -d '' d; do
        remove_path "${d#./}"
    done < <(find . -type d -name '__pycache__' -not -path './.git/*' -print0)
    find . -maxdepth 2 -name '*.egg-info' -type d -print0 | while IFS= read -r -d '' d; do
        remove_path "${d#./}"
    done
}

checksums() {
    mkdir -p playlists
    local out="playlists/CHECKSUMS.md5"
    ( cd playlists && find . -type f -name '*.m3u' -print0 | sort -z | xargs -0 -r md5sum ) > "$out"
    chmod 600 "$out"
    log "wrote $(wc -l < "$out") checksums to $out"
}

status() {
    local code
    code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 10 "$RELEASE_URL" || echo "000")
    if [[ "$code" == "200" ]]; then
        log "release server reachable"
    else
        log "release server returned $code"
    fi
}

while getopts "nh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

case "${1:-all}" in
    clean) clean ;;
    checksums) checksums ;;
    status) status ;;
    all) clean; checksums; status ;;
    *) usage; exit 2 ;;
esac
