#!/usr/bin/env bash
# Build the dbt documentation site for the current branch and serve it so
# reviewers on the office network can browse lineage before merging.
#
# usage: dbt_docs_preview.sh [-t target] [-p port] [--no-serve]
set -euo pipefail

TARGET="${DBT_TARGET:-dev}"
PORT=8080
SERVE=1
PREVIEW_DIR="/tmp/dbt-docs-preview"
PROFILES_DIR="${DBT_PROFILES_DIR:-$PWD}"

log() { printf '%s [docs-preview] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -t|--target) TARGET="$2"; shift 2 ;;
        -p|--port) PORT="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) usage 0 ;;
        *) log "unknown option: $1"; usage 1 ;;
    esac
done

if ! command -v dbt >/dev/null 2>&1; then
    log "dbt is not on PATH; activate the project virtualenv first"
    exit 1
fi

if [ ! -f dbt_project.yml ]; then
    log "run this from the dbt project root"
    exit 1
fi

branch="$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo detached)"
log "building docs for branch ${branch} (target ${TARGET})"

dbt deps --profiles-dir "$PROFILES_DIR" >/dev/null
dbt docs generate --target "$TARGET" --profiles-dir "$PROFILES_DIR"

for f in index.html manifest.json catalog.json; do
    if [ ! -s "target/$f" ]; then
        log "missing target/$f after docs generate"
        exit 2
    fi
done

rm -rf "$PREVIEW_DIR"
mkdir -p "$PREVIEW_DIR"
cp target/index.html target/manifest.json target/catalog.json "$PREVIEW_DIR/"
[ -f target/run_results.json ] && cp target/run_results.json "$PREVIEW_DIR/"

cat > "$PREVIEW_DIR/BUILD_INFO.txt" <<EOF
branch:  ${branch}
commit:  $(git rev-parse --short HEAD 2>/dev/null || echo unknown)
target:  ${TARGET}
built:   $(date -u +%Y-%m-%dT%H:%M:%SZ)
EOF

models=$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); print(sum(1 for k in m["nodes"] if k.startswith("model.")))' "$PREVIEW_DIR/manifest.json")
log "docs contain ${models} models"

if [ "$SERVE" -eq 0 ]; then
    log "docs written to ${PREVIEW_DIR}; not serving"
    exit 0
fi

host_ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "serving ${PREVIEW_DIR} at http://${host_ip:-localhost}:${PORT}/ (Ctrl-C to stop)"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$PREVIEW_DIR"
