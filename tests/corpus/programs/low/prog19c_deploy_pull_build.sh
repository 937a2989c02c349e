#!/bin/bash
# Update the checkout of the dashboard frontend and rebuild it in place.
# The web server already serves ./build; nothing outside the repo is touched.
set -euo pipefail

BRANCH="${DEPLOY_BRANCH:-main}"
LOCK="./.deploy.lock"
BUILD_DIR="./build"

log() { printf '%s  %s\n' "$(date '+%F %T')" "$*"; }

release_lock() { rm -f "$LOCK"; }

acquire_lock() {
    if [[ -e "$LOCK" ]]; then
        log "another deploy is running (pid $(cat "$LOCK")); aborting"
        exit 1
    fi
    echo $$ > "$LOCK"
    trap release_lock EXIT INT TERM
}

check_clean_tree() {
    if [[ -n "$(git status --porcelain --untracked-files=no)" ]]; then
        log "working tree has local modifications:"
        git status --short --untracked-files=no
        exit 1
    fi
}

update_source() {
    local before after
    before="$(git rev-parse HEAD)"
    git fetch --quiet origin "$BRANCH"
    git checkout --quiet "$BRANCH"
    git pull --ff-only --quiet origin "$BRANCH"
    after="$(git rev-parse HEAD)"
    if [[ "$before" == "$after" ]]; then
        log "already at $(git rev-parse --short HEAD)"
        return 1
    fi
    log "updated $(git rev-parse --short "$before") -> $(git rev-parse --short "$after")"
    git log --oneline "${before}..${after}" | sed 's/^/    /'
}

build() {
    # only reinstall deps when the lockfile changed
    if [[ ! -d node_modules ]] || ! git diff --quiet HEAD@{1} HEAD -- package-lock.json 2>/dev/null; then
        log "installing dependencies"
        npm ci --no-audit --no-fund
    fi
    log "building"
    npm run build --silent
    git rev-parse HEAD > "$BUILD_DIR/VERSION"
}

main() {
    local force="${1:-}"
    acquire_lock
    check_clean_tree
    if update_source || [[ "$force" == "--force" ]]; then
        build
        log "deploy complete: $(cat "$BUILD_DIR/VERSION")"
    else
        log "nothing to do (use --force to rebuild anyway)"
    fi
}

main "$@"
