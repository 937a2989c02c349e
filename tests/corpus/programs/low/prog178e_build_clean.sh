#!/usr/bin/env bash
# Clean and rebuild the hat-shop storefront theme in this checkout,
# then check that the staging storefront answers.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
STAGING_URL="${STAGING_URL:-https://staging.hatshop.example.com/healthz}"
KEEP_NODE_MODULES="${KEEP_NODE_MODULES:-1}"

log() { printf '[clean] %s\n' "$*"; }

artifact_dirs() {
    local -a dirs=(build dist .cache .parcel-cache coverage)
    [[ "$KEEP_NODE_MODULES" == "1" ]] || dirs+=(node_modules)
    printf '%s\n' "${dirs[@]}"
}

inside_project() {
    local p
    p=$(realpath -m "$1")
    [[ "$p" == "$PROJECT_ROOT"/* ]]
}

remove_artifacts() {
    local d target
    while IFS= read -r d; do
        target="$PROJECT_ROOT/$d"
        if ! inside_project "$target"; then
            log "refusing to touch $target"
            continue
        fi
        if [[ -e "$target" ]]; then
            log "removing $d"
            rm -rf -- "$target"
        fi
    done < <(artifact_dirs)
    find "$PROJECT_ROOT" -name '*.pyc' -path '*/__pycache__/*' -delete 2>/dev/null || true
}

protect_env() {
    local envfile="$PROJECT_ROOT/.env.local"
    if [[ -f "$envfile" ]]; then
        chmod 600 "$envfile"
        log "locked down .env.local"
    fi
}

rebuild() {
    cd "$PROJECT_ROOT"
    if [[ -f package.json ]]; then
        npm run --silent build
    else
        log "no package.json, skipping build"
    fi
}

check_staging() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' -I --max-time 10 "$STAGING_URL" || echo 000)
    log "staging answered HTTP $code"
    [[ "$code" == 200 ]]
}

declare -a PIPELINE=(remove_artifacts protect_env rebuild check_staging)

for step in "${PIPELINE[@]}"; do
    "$step"
done
log "done"
