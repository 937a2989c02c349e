#!/usr/bin/env bash
# crate-versions: list direct Cargo dependencies and compare them with the
# newest stable release on crates.io. Writes reports/crate-versions.md in the
# current project. Read-only towards the registry: plain GET requests.
set -euo pipefail

API="${CRATES_API:-https://crates.io/api/v1/crates}"
UA="crate-versions-report/0.3 (platform-team@example.com)"
MANIFEST="Cargo.toml"
OUT_DIR="reports"
DELAY="${CRATES_DELAY:-1}"
VERBOSE=0

usage() {
    echo "usage: $0 [-m Cargo.toml] [-o reports] [-v]" >&2
    exit 2
}

while getopts "m:o:vh" opt; do
    case "$opt" in
        m) MANIFEST="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

log() { [ "$VERBOSE" -eq 1 ] && echo "[crate-versions] $*" >&2 || true; }

[ -f "$MANIFEST" ] || { echo "no $MANIFEST in $(pwd)" >&2; exit 1; }
command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }

# Print "name<TAB>requirement" for [dependencies] and [dev-dependencies].
direct_deps() {
    awk '
        /^\[/ { section = $0; next }
        section ~ /^\[(dev-|build-)?dependencies\]$/ && /=/ {
            name = $1
            req = $0
            if (match(req, /version *= *"[^"]+"/)) {
                req = substr(req, RSTART, RLENGTH); sub(/version *= *"/, "", req)
            } else if (match(req, /= *"[^"]+"/)) {
                req = substr(req, RSTART, RLENGTH); sub(/= *"/, "", req)
            } else { req = "*" }
            sub(/"$/, "", req)
            print name "\t" req
        }' "$1"
}

latest_version() {
    local crate="$1" body
    if ! body=$(curl -fsS --max-time 15 -A "$UA" "$API/$crate"); then
        echo "?"
        return
    fi
    jq -r '.crate.max_stable_version // .crate.max_version // "?"' <<<"$body"
}

mkdir -p "$OUT_DIR"
report="$OUT_DIR/crate-versions.md"
tmp="$report.partial"
{
    echo "# Crate versions for $(basename "$(pwd)")"
    echo
    echo "| crate | requirement | latest stable | status |"
    echo "|---|---|---|---|"
} > "$tmp"

outdated=0
while IFS=$'\t' read -r crate req; do
    [ -n "$crate" ] || continue
    log "querying $crate"
    latest=$(latest_version "$crate")
    status="ok"
    case "$latest" in
        "?") status="lookup failed" ;;
        "${req#^}"*) status="ok" ;;
        *) status="behind"; outdated=$((outdated + 1)) ;;
    esac
    printf '| %s | %s | %s | %s |\n' "$crate" "$req" "$latest" "$status" >> "$tmp"
    sleep "$DELAY"
done < <(direct_deps "$MANIFEST")

mv "$tmp" "$report"
echo "wrote $report ($outdated behind)"
