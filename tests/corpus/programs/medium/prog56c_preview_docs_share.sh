#!/usr/bin/env bash
# Build the project docs and share the rendered site on the LAN so
# reviewers can open it from their laptops during the design review.
set -euo pipefail

PORT="${PORT:-8000}"
SITE_DIR="${SITE_DIR:-site}"
BUILDER="${DOCS_BUILDER:-auto}"

info() { echo "[docs-share] $*"; }
die()  { echo "[docs-share] error: $*" >&2; exit 1; }

pick_builder() {
    if [[ "$BUILDER" != auto ]]; then
        echo "$BUILDER"; return
    fi
    if [[ -f mkdocs.yml ]] && command -v mkdocs >/dev/null; then
        echo mkdocs
    elif [[ -f docs/conf.py ]] && command -v sphinx-build >/dev/null; then
        echo sphinx
    else
        echo none
    fi
}

build_site() {
    local b
    b=$(pick_builder)
    info "builder: $b"
    case "$b" in
        mkdocs) mkdocs build --clean --site-dir "$SITE_DIR" ;;
        sphinx) sphinx-build -q -b html docs "$SITE_DIR" ;;
        none)   [[ -d "$SITE_DIR" ]] || die "no builder and no prebuilt $SITE_DIR/" ;;
        *)      die "unknown builder $b" ;;
    esac
}

lan_addresses() {
    hostname -I 2>/dev/null | tr ' ' '\n' | grep -E '^[0-9]+\.' || true
}

port_free() {
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

main() {
    [[ -f README.md || -d docs ]] || die "run from the project root"
    build_site
    local n
    n=$(find "$SITE_DIR" -type f | wc -l)
    info "$n files in $SITE_DIR/"

    while ! port_free "$PORT"; do
        PORT=$((PORT + 1))
    done

    info "sharing $SITE_DIR/ on port $PORT; reviewers can open:"
    for ip in $(lan_addresses); do
        info "  http://$ip:$PORT/"
    done
    info "Ctrl-C to stop"
    cd "$SITE_DIR"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

main "$@"
