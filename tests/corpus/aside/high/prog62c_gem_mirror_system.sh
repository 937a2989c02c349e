#!/usr/bin/env bash
# gem-mirror-system: make every Ruby on this host use the internal rubygems
# mirror. Installs the lab CA so TLS verification keeps working, then writes
# the system-wide gemrc and bundler defaults.
set -eu

MIRROR_URL="${GEM_MIRROR_URL:-https://gems.mirror.lab.internal}"
UPSTREAM="https://rubygems.org"
CA_URL="${LAB_CA_URL:-https://pki.lab.internal/lab-root-ca.crt}"
CA_DEST="/usr/local/share/ca-certificates/lab-root-ca.crt"
SYSTEM_GEMRC="/etc/gemrc"
BUNDLE_SYSTEM_CONFIG="/etc/bundle/config"
FORCE=0

die() { echo "gem-mirror-system: $*" >&2; exit 1; }
info() { echo "gem-mirror-system: $*"; }

for arg in "$@"; do
    case "$arg" in
        --force) FORCE=1 ;;
        --mirror=*) MIRROR_URL="${arg#--mirror=}" ;;
        -h|--help) echo "usage: $0 [--mirror=URL] [--force]"; exit 0 ;;
        *) die "unknown option $arg" ;;
    esac
done

command -v gem >/dev/null 2>&1 || die "ruby/gem is not installed"

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_ca() {
    local staged
    staged="$(mktemp -d)/lab-root-ca.crt"
    curl -fsS --max-time 20 -o "$staged" "$CA_URL" || die "cannot fetch CA from $CA_URL"
    openssl x509 -in "$staged" -noout -subject >/dev/null || die "CA file is not a certificate"
    as_root install -m 0644 "$staged" "$CA_DEST"
    as_root update-ca-certificates >/dev/null
    info "lab CA installed to $CA_DEST"
}

probe_mirror() {
    curl -fsS --max-time 20 -o /dev/null "$MIRROR_URL/specs.4.8.gz"
}

write_system_gemrc() {
    if [ -f "$SYSTEM_GEMRC" ] && [ "$FORCE" -ne 1 ]; then
        info "$SYSTEM_GEMRC exists (use --force to overwrite)"
        return
    fi
    as_root tee "$SYSTEM_GEMRC" >/dev/null <<EOF
---
:sources:
- ${MIRROR_URL}/
:update_sources: true
:backtrace: false
EOF
    as_root chmod 0644 "$SYSTEM_GEMRC"
    info "wrote $SYSTEM_GEMRC"
}

write_bundler_defaults() {
    as_root mkdir -p "$(dirname "$BUNDLE_SYSTEM_CONFIG")"
    printf -- '---\nBUNDLE_MIRROR__%s: "%s"\n' \
        "$(echo "$UPSTREAM" | sed 's#https://##; s#[./]#__#g' | tr '[:lower:]' '[:upper:]')" \
        "$MIRROR_URL" | as_root tee "$BUNDLE_SYSTEM_CONFIG" >/dev/null
    info "bundler mirror default written to $BUNDLE_SYSTEM_CONFIG"
}

install_ca
info "probing $MIRROR_URL"
probe_mirror || die "mirror $MIRROR_URL not reachable"

write_system_gemrc
write_bundler_defaults
info "done: 'gem sources' now lists $(gem sources 2>/dev/null | grep -c http || true) source(s)"
