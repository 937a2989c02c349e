#!/usr/bin/env bash
# Tidy the results-app checkout before cutting a release for the field
# laptops: remove build outputs and caches from this working directory,
# then write a small build label the laptops show in their About box.
set -euo pipefail

ROOT="$(pwd)"
APP="${SDTS_APP_NAME:-sdts-results}"
LABEL_FILE="$ROOT/build_label.txt"

targets() {
    local dirs=(build dist .pytest_cache .mypy_cache htmlcov "${APP}.egg-info")
    printf '%s\n' "${dirs[@]}"
}

log() { printf '[clean] %s\n' "$*"; }

guard_root() {
    if [[ ! -f "$ROOT/pyproject.toml" ]]; then
        log "not in the app checkout ($ROOT); refusing to clean"
        exit 1
    fi
}

remove_outputs() {
    local d count=0
    while IFS= read -r d; do
        if [[ -e "$ROOT/$d" ]]; then
            rm -rf -- "${ROOT:?}/$d"
            count=$((count + 1))
        fi
    done < <(targets)
    log "removed $count output directories"
}

remove_bytecode() {
    local n
    n="$(find "$ROOT" -name '__pycache__' -type d -prune -print | wc -l)"
    find "$ROOT" -name '__pycache__' -type d -prune -exec rm -rf {} +
    find "$ROOT" -name '*.py[co]' -delete
    log "cleared $n bytecode caches"
}

platform_name() {
    local name="unknown"
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        name="$(. /etc/os-release && printf '%s %s' "${ID:-linux}" "${VERSION_ID:-}")"
    fi
    printf '%s' "$name"
}

write_label() {
    local version commit manifest
    version="$(grep -m1 '^version' pyproject.toml | cut -d'"' -f2)"
    commit="$(git rev-parse --short HEAD 2>/dev/null || echo nogit)"
    manifest="$(printf 'app=%s\nversion=%s\ncommit=%s\nbuilt_on=%s\n' \
        "$APP" "$version" "$commit" "$(platform_name)")"
    {
        printf '%s\n' "$manifest"
        printf 'label=%s\n' "$(printf '%s' "$manifest" | base64 -w0)"
    } >"$LABEL_FILE"
    chmod 0600 "$LABEL_FILE"
    log "label written for $APP $version ($commit)"
}

main() {
    guard_root
    local steps=(remove_outputs remove_bytecode write_label)
    local s
    for s in "${steps[@]}"; do
        "$s"
    done
}

main "$@"
